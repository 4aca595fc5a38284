import type { AuthResult } from "@xianzhi/contract";
import { SIGNED_IN_HINT_COOKIE } from "@xianzhi/contract/constants";
import { api } from "../../app/api";
import { ACCESS_TOKEN_KEY } from "../../app/paths";
import type { AppDispatch } from "../../app/store";
import { clearMessages } from "../chat";
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

export function signIn(dispatch: AppDispatch, result: AuthResult): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, result.token);
  syncSignedInHint();
  // Signed in as someone else, perhaps: the chats on screen were the previous account's.
  dispatch(clearMessages());
  dispatch(setToken(result.token));
  dispatch(setUserInfo(result.userInfo));
  dispatch(api.util.resetApiState());
}

export function signOut(dispatch: AppDispatch): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  syncSignedInHint();
  dispatch(clearMessages());
  dispatch(setToken(""));
  dispatch(setUserInfo({}));
  dispatch(api.util.resetApiState());
}
