import type { ReactNode } from "react";
import { Provider } from "react-redux";
import type { AppStore } from "./store";

/**
 * The Redux store. Ant Design's configuration is not here: the screens that use Ant Design get it
 * with their code (components/with-antd.tsx), so the goods screens a visitor opens load none of it.
 */
export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
