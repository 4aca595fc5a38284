import type { AuthResult } from "@xianzhi/contract";
import { SIGNED_IN_HINT_COOKIE } from "@xianzhi/contract/constants";
import { api } from "../../app/api";
import { ACCESS_TOKEN_KEY } from "../../app/paths";
import type { AppDispatch } from "../../app/store";
import { setToken, setUserInfo } from "./auth-slice";

/** Signed in means an accessToken in localStorage (product spec, section 4). */
export function isSignedIn(): boolean {
  // The server's render has no localStorage: it renders what anyone signed out sees.
  return typeof localStorage !== "undefined" && Boolean(localStorage.getItem(ACCESS_TOKEN_KEY));
}

/** Tells the server, with each page asked for, whether this browser holds a token (see the contract). */
export function syncSignedInHint(): void {
  const hint = isSignedIn() ? "1; Max-Age=31536000" : "; Max-Age=0";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser (Firefox) and is async
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=${hint}; Path=/; SameSite=Lax`;
}

/** This tab's mark that a 401 took its token away (sessionStorage: it outlives a reload, not the tab). */
const SESSION_ENDED_KEY = "sessionEnded";

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    // Storage turned off: the login page then says nothing more than before.
    return null;
  }
}

/**
 * Whether the session of this tab ended since it last signed in, by a 401 (a logout or a password
 * change elsewhere, an expiry): the login page then says why the user is there. A public page drops
 * a dead token without a word, so the tap on 收藏 that then leads to the login page would not.
 */
export function sessionEndedSinceSignIn(): boolean {
  return sessionStore()?.getItem(SESSION_ENDED_KEY) === "1";
}

export function signIn(dispatch: AppDispatch, result: AuthResult): void {
  sessionStore()?.removeItem(SESSION_ENDED_KEY);
  localStorage.setItem(ACCESS_TOKEN_KEY, result.token);
  syncSignedInHint();
  // A new token: what other features kept of the previous session (chat's messages) goes with it.
  dispatch(setToken(result.token));
  dispatch(setUserInfo(result.userInfo));
  dispatch(api.util.resetApiState());
}

export function signOut(dispatch: AppDispatch): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  syncSignedInHint();
  dispatch(setToken(""));
  dispatch(setUserInfo({}));
  dispatch(api.util.resetApiState());
}

/** What a 401 does to the session: signed out, and marked for the login page if a token was held. */
export function signOutEndedSession(dispatch: AppDispatch): void {
  if (isSignedIn()) sessionStore()?.setItem(SESSION_ENDED_KEY, "1");
  signOut(dispatch);
}
