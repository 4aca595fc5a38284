import { paths } from "../../app/paths";

/**
 * Where signing in leads: back to the page that sent the user to log in (`from` in the navigation
 * state, with its query), as after a 401 or a guarded screen; else, or for an address of another
 * site or of the sign-in screens themselves, home.
 */
export function pathAfterLogin(from: unknown): string {
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//")) return paths.home;
  const pathname = from.split(/[?#]/)[0];
  if (pathname === paths.login || pathname === paths.register) return paths.home;
  return from;
}
