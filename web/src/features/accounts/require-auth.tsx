import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { paths } from "../../app/paths";
import { isSignedIn } from "./session";

export interface FromState {
  from?: string;
}

/** Screens for signed-in users: without a token, to /login (replacing this entry) with where the user wanted to go. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!isSignedIn()) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login} replace state={{ from } satisfies FromState} />;
  }
  return children;
}
