import { useAppSelector } from "../../app/hooks";
import { isSignedIn } from "../accounts";
import { useBlockedUsersQuery } from "./safety-api";

/**
 * Whether the signed-in user has blocked `userId`: undefined while the list loads, false for a
 * visitor. Every button and notice reads the one cached list.
 */
export function useIsBlocked(userId: string | undefined): boolean | undefined {
  const signedIn = isSignedIn();
  const myId = useAppSelector((state) => state.auth.userInfo.id);
  const { data } = useBlockedUsersQuery(undefined, { skip: !signedIn || !userId || userId === myId });
  if (!signedIn || userId === myId) return false;
  return data?.some((line) => line.user.id === userId);
}
