import { message } from "antd";
import { useState } from "react";
import { RouterProvider } from "react-router";
import { isGuardedScreenShown, signOut } from "../features/accounts";
import { setUnauthorizedHandler } from "./base-query";
import { paths } from "./paths";
import { Providers } from "./providers";
import { createRouter } from "./router";
import { createStore } from "./store";
import { createUnauthorizedHandler } from "./unauthorized";

export function App() {
  const [{ store, router }] = useState(() => {
    const store = createStore();
    const router = createRouter(store.dispatch);
    setUnauthorizedHandler(
      createUnauthorizedHandler({
        signOut: () => signOut(store.dispatch),
        toast: (text) => message.warning(text),
        currentPath: () => `${window.location.pathname}${window.location.search}`,
        onGuardedScreen: isGuardedScreenShown,
        goToLogin: (from) => void router.navigate(paths.login, { replace: true, state: { from } }),
      }),
    );
    return { store, router };
  });
  return (
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>
  );
}
