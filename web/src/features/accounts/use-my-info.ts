import { useMeQuery } from "./accounts-api";
import { isSignedIn } from "./session";

/**
 * The signed-in user's own account, asked for only while signed in: a screen still shown for a
 * moment as its session ends (退出登录 on the personal centre) asks the server nothing more.
 */
export function useMyInfo() {
  return useMeQuery(undefined, { skip: !isSignedIn() });
}
