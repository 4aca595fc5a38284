import { useAppDispatch } from "../../app/hooks";
import { useLogoutMutation } from "./accounts-api";
import { signOut } from "./session";

/** How long signing out waits for the server before the browser forgets the token anyway. */
const SERVER_LOGOUT_WAIT_MS = 3000;

/**
 * Signs out: the server ends the session first, so a copied token stops working too; offline, or
 * when the server fails or is slow, the browser still forgets the token and the user.
 */
export function useLogOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const [logout] = useLogoutMutation();
  return async () => {
    const request = logout();
    const gaveUp = new Promise<void>((resolve) => setTimeout(resolve, SERVER_LOGOUT_WAIT_MS));
    await Promise.race([request.unwrap().catch(() => {}), gaveUp]);
    signOut(dispatch);
  };
}
