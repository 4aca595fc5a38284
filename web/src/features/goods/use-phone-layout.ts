import { useSyncExternalStore } from "react";

/** The width below which the app lays out for a phone (the same as the stylesheets' breakpoint). */
const PHONE_QUERY = "(max-width: 720px)";

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/**
 * Whether the screen is phone-sized at this moment (outside React: a route's loader); never on the
 * server, whose render runs the loaders too.
 */
export const isPhoneLayout = () => typeof window !== "undefined" && window.matchMedia(PHONE_QUERY).matches;

/**
 * Whether the screen is phone-sized now; follows rotation and resizing. The server's render does not
 * know the screen: it renders the wide layout, and so does the browser while taking its markup over.
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, isPhoneLayout, () => false);
}

/**
 * As usePhoneLayout, but undefined in the server's render and while the browser takes that markup
 * over: a screen draws both layouts meanwhile (its stylesheet shows the right one), and drops the
 * other once known, so nothing on the screen moves when the app takes over.
 */
export function usePhoneLayoutOnceKnown(): boolean | undefined {
  return useSyncExternalStore(subscribe, isPhoneLayout, () => undefined);
}
