import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { NotFound } from "../components/not-found";
import { PageSpinner } from "../components/page-spinner";
import { RequireAuth } from "../features/accounts";
import { prefetchGoodsScreen } from "../features/goods";
import { AppLayout } from "./app-layout";
import { paths } from "./paths";
import type { AppDispatch } from "./store";

type ScreenModule = { default: ComponentType };
type Prefetch = (dispatch: AppDispatch, url: URL, id?: string) => void;

/**
 * Each screen is a chunk of its own, loaded by the router when first opened; while it loads the
 * layout shows the page spinner (the router knows, unlike with React.lazy inside a transition).
 * A screen's prefetch asks for its data meanwhile: the router runs a route's loader alongside its
 * lazy code. The loader waits for nothing, so a navigation never waits for the data.
 */
function screen(
  path: string,
  load: () => Promise<ScreenModule>,
  options: { signedIn?: boolean; prefetch?: (request: Request, id?: string) => void } = {},
): RouteObject {
  const { prefetch } = options;
  return {
    path,
    loader: prefetch
      ? ({ request, params }) => {
          prefetch(request, params.id);
          return null;
        }
      : undefined,
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

export function createRouter(dispatch: AppDispatch) {
  const prefetch = (ask: Prefetch) => (request: Request, id?: string) => ask(dispatch, new URL(request.url), id);
  return createBrowserRouter([
    {
      Component: AppLayout,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        screen(paths.home, () => import("../features/goods/home-screen"), {
          prefetch: prefetch(prefetchGoodsScreen.home),
        }),
        screen(paths.homeAlias, () => import("../features/goods/home-screen"), {
          prefetch: prefetch(prefetchGoodsScreen.home),
        }),
        screen(paths.login, () => import("../features/accounts/login-screen")),
        screen(paths.register, () => import("../features/accounts/register-screen")),
        screen(paths.post, () => import("../features/goods/post-screen"), { signedIn: true }),
        screen(paths.userinfo, () => import("../features/userinfo/userinfo-screen"), { signedIn: true }),
        screen(paths.chat, () => import("../features/chat/chat-screen"), { signedIn: true }),
        screen(paths.goodsInfo(), () => import("../features/goods/goods-info-screen"), {
          prefetch: prefetch(prefetchGoodsScreen.goodsInfo),
        }),
        screen(paths.searchResult(), () => import("../features/goods/search-screen"), {
          prefetch: prefetch(prefetchGoodsScreen.search),
        }),
      ],
    },
    { path: "*", Component: NotFound },
  ]);
}
