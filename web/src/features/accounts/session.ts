import type { AuthResult } from "@xianzhi/contract";
import { api } from "../../app/api";
import { ACCESS_TOKEN_KEY } from "../../app/paths";
import type { AppDispatch } from "../../app/store";
import { setToken, setUserInfo } from "./auth-slice";

/** Signed in means an accessToken in localStorage (product spec, section 4). */
export function isSignedIn(): boolean {
  return Boolean(localStorage.getItem(ACCESS_TOKEN_KEY));
}

export function signIn(dispatch: AppDispatch, result: AuthResult): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, result.token);
  dispatch(setToken(result.token));
  dispatch(setUserInfo(result.userInfo));
  dispatch(api.util.resetApiState());
}

export function signOut(dispatch: AppDispatch): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  dispatch(setToken(""));
  dispatch(setUserInfo({}));
  dispatch(api.util.resetApiState());
}
