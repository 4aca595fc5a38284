import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { NotFound } from "../components/not-found";
import { PageSpinner } from "../components/page-spinner";
import { RequireAuth } from "../features/accounts";
import { AppLayout } from "./app-layout";
import { paths } from "./paths";

type ScreenModule = { default: ComponentType };

/**
 * Each screen is a chunk of its own, loaded by the router when first opened; while it loads the
 * layout shows the page spinner (the router knows, unlike with React.lazy inside a transition).
 */
function screen(path: string, load: () => Promise<ScreenModule>, options: { signedIn?: boolean } = {}): RouteObject {
  return {
    path,
    lazy: async () => {
      const { default: Screen } = await load();
      return {
        Component: options.signedIn
          ? () => (
              <RequireAuth>
                <Screen />
              </RequireAuth>
            )
          : Screen,
      };
    },
  };
}

export function createRouter() {
  return createBrowserRouter([
    {
      Component: AppLayout,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        screen(paths.home, () => import("../features/goods/home-screen")),
        screen(paths.homeAlias, () => import("../features/goods/home-screen")),
        screen(paths.login, () => import("../features/accounts/login-screen")),
        screen(paths.register, () => import("../features/accounts/register-screen")),
        screen(paths.post, () => import("../features/goods/post-screen"), { signedIn: true }),
        screen(paths.userinfo, () => import("../features/userinfo/userinfo-screen"), { signedIn: true }),
        screen(paths.chat, () => import("../features/chat/chat-screen"), { signedIn: true }),
        screen(paths.goodsInfo(), () => import("../features/goods/goods-info-screen")),
        screen(paths.searchResult(), () => import("../features/goods/search-screen")),
      ],
    },
    { path: "*", Component: NotFound },
  ]);
}
