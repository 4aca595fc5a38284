import { type ReactNode, useEffect, useRef } from "react";
import { Navigate, useLocation } from "react-router";
import { useAppSelector } from "../../app/hooks";
import { paths } from "../../app/paths";
import { isSignedIn } from "./session";

export interface FromState {
  from?: string;
}

let guardedScreensShown = 0;

/** Whether a screen for signed-in users is showing: a 401 there sends the user to log in again. */
export function isGuardedScreenShown(): boolean {
  return guardedScreensShown > 0;
}

/** Screens for signed-in users: without a token, to /login (replacing this entry) with where the user wanted to go. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  useEffect(() => {
    guardedScreensShown += 1;
    return () => {
      guardedScreensShown -= 1;
    };
  }, []);
  // Drawn again when the session changes (signing out empties the token and the API's answers).
  useAppSelector((state) => state.auth.token);
  const shownSignedIn = useRef(false);
  if (!isSignedIn()) {
    // Signed out while shown (退出登录, 注销, a session ended elsewhere): nothing of the screen stays
    // and none of its reads asks again without a token; where to go next is the sign-out's to say
    // (home, or the login page after the 401's message).
    if (shownSignedIn.current) return null;
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login} replace state={{ from } satisfies FromState} />;
  }
  shownSignedIn.current = true;
  return children;
}
