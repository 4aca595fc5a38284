import { type ReactNode, StrictMode, useEffect } from "react";
import { Providers } from "./providers";
import type { AppStore } from "./store";

/**
 * Marks the document once the app has taken it over (`<html data-app="ready">`): before that, the
 * server's markup shows but its buttons do nothing. Scripts that drive the page (the browser tests)
 * wait for it before tapping.
 */
function MarkReady() {
  useEffect(() => {
    document.documentElement.dataset.app = "ready";
  }, []);
  return null;
}

/** The app around its router: the browser's, or the server's static one for a first screen. */
export function App({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StrictMode>
      <Providers store={store}>
        {children}
        <MarkReady />
      </Providers>
    </StrictMode>
  );
}
