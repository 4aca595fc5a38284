import { type ReactNode, useEffect } from "react";
import { Navigate, useLocation } from "react-router";
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
  if (!isSignedIn()) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login} replace state={{ from } satisfies FromState} />;
  }
  return children;
}
