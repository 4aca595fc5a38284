/**
 * What the app shell and other features may use of accounts: session, state and hooks (light, loaded
 * with the shell). The forms others compose are in ui.ts; everything else is internal.
 */
export { authSlice, setToken, setUserInfo } from "./auth-slice";
/** Where the payout account is set, for what tells a seller their money waits for one. */
export { PAYOUT_ACCOUNT_PATH } from "./payout-account-rules";
export { isGuardedScreenShown, RequireAuth } from "./require-auth";
export { isSignedIn, signOut, signOutEndedSession, syncSignedInHint } from "./session";
/** Whether an answer asks for 身份验证 first: nothing changed, and the change is sent again once proven. */
export { proofMethodOf } from "./two-step-lines";
export { useLogOut } from "./use-log-out";
export { useMyInfo } from "./use-my-info";
