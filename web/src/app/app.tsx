import { type ReactNode, StrictMode } from "react";
import { Providers } from "./providers";
import type { AppStore } from "./store";

/** The app around its router: the browser's, or the server's static one for a first screen. */
export function App({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StrictMode>
      <Providers store={store}>{children}</Providers>
    </StrictMode>
  );
}
