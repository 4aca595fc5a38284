import { useCallback } from "react";
import { useStore } from "react-redux";
import { toApiError } from "./api-error";
import { reportUnauthorized } from "./base-query";
import type { RootState } from "./store";

/** Calls that end this tab's own session: the server closes our socket before it answers them. */
const SIGNING_OUT_CALLS = new Set(["logout", "deleteAccount"]);

/** Whether this tab is signing out: its logout (or account deletion) call is on its way. */
export function isLoggingOut(state: RootState): boolean {
  return Object.values(state.api.mutations).some(
    (mutation) => SIGNING_OUT_CALLS.has(mutation?.endpointName ?? "") && mutation?.status === "pending",
  );
}

/**
 * What the chat socket's 4401 (session ended on the server: logout or password change elsewhere)
 * does: the same as a 401, so the token goes and the login page opens. A logout in this tab ends
 * the session too; that one signs out by itself and must not be followed by a second redirect.
 * A token the server never took (a stale one, found out by the socket before the page's own calls
 * answered) is no session ended: the page stays, signed out, as its calls would have it.
 */
export function useSessionEnded(): () => void {
  const store = useStore<RootState>();
  return useCallback(() => {
    const state = store.getState();
    if (isLoggingOut(state)) return;
    const wasSignedIn = state.auth.userInfo.id !== undefined;
    reportUnauthorized(toApiError({ status: 401, data: null }), wasSignedIn);
  }, [store]);
}
