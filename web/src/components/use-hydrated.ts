import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's render and while the browser takes that markup over, true after (and at
 * once on a screen the browser renders itself): what is rendered only once true stays out of the
 * server's document and out of the work of taking it over.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
