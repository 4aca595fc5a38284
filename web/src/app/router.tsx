import type { ComponentType } from "react";
import { createBrowserRouter, type HydrationState, type RouteObject } from "react-router";
import { NotFound } from "../components/not-found";
import { PageSpinner } from "../components/page-spinner";
import { inAntdScope } from "../components/with-antd";
import { RequireAuth } from "../features/accounts";
import { prefetchGoodsScreen } from "../features/goods";
import { prefetchSellerScreen } from "../features/sellers";
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
  id: string,
  path: string,
  load: () => Promise<ScreenModule>,
  options: {
    signedIn?: boolean;
    /** A screen built with Ant Design: its configuration is loaded with the screen, around it. */
    antd?: boolean;
    prefetch?: (request: Request, id?: string) => void;
  } = {},
): RouteObject {
  const { prefetch } = options;
  return {
    id,
    path,
    loader: prefetch
      ? ({ request, params }) => {
          prefetch(request, params.id);
          return null;
        }
      : undefined,
    lazy: async () => {
      const loadScreen = async () => (await load()).default;
      const Screen = options.antd ? await inAntdScope(loadScreen) : await loadScreen();
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

/**
 * The app's routes; a screen's loader asks for its data through dispatch (the server's render
 * passes one that does nothing: it has put the data in the store itself).
 */
export function appRoutes(dispatch: AppDispatch): RouteObject[] {
  const prefetch = (ask: Prefetch) => (request: Request, id?: string) => ask(dispatch, new URL(request.url), id);
  return [
    {
      id: "layout",
      Component: AppLayout,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        screen("home", paths.home, () => import("../screens/home-screen"), {
          prefetch: prefetch(prefetchGoodsScreen.home),
        }),
        screen("home-alias", paths.homeAlias, () => import("../screens/home-screen"), {
          prefetch: prefetch(prefetchGoodsScreen.home),
        }),
        screen("login", paths.login, () => import("../features/accounts/login-screen"), { antd: true }),
        screen("device-alert", paths.deviceAlert, () => import("../features/accounts/device-alert-screen"), {
          antd: true,
        }),
        screen("register", paths.register, () => import("../features/accounts/register-screen"), { antd: true }),
        screen("post", paths.post, () => import("../features/goods/post-screen"), { signedIn: true, antd: true }),
        screen("userinfo", paths.userinfo, () => import("../screens/userinfo-screen"), {
          signedIn: true,
          antd: true,
        }),
        screen("chat", paths.chat, () => import("../features/chat/chat-screen"), { signedIn: true, antd: true }),
        screen("notifications", paths.notifications, () => import("../features/notifications/notifications-screen"), {
          signedIn: true,
        }),
        screen("admin", paths.admin, () => import("../features/moderation/admin-screen"), {
          signedIn: true,
          antd: true,
        }),
        screen("goods-info", paths.goodsInfo(), () => import("../screens/goods-info-screen"), {
          prefetch: prefetch(prefetchGoodsScreen.goodsInfo),
        }),
        screen("user", paths.user(), () => import("../screens/seller-screen"), {
          prefetch: prefetch(prefetchSellerScreen),
          antd: true,
        }),
        screen("checkout", paths.checkout(), () => import("../features/checkout/checkout-screen"), {
          signedIn: true,
          antd: true,
        }),
        screen("sandbox-pay", paths.sandboxPay(), () => import("../features/checkout/sandbox-pay-screen"), {
          antd: true,
        }),
        screen("order", paths.order(), () => import("../features/orders/order-screen"), {
          signedIn: true,
          antd: true,
        }),
        screen("refund", paths.refund(), () => import("../features/refunds/refund-screen"), {
          signedIn: true,
          antd: true,
        }),
        screen("earnings", paths.earnings, () => import("../features/earnings/earnings-screen"), { signedIn: true }),
        screen("search", paths.searchResult(), () => import("../screens/search-screen"), {
          prefetch: prefetch(prefetchGoodsScreen.search),
        }),
      ],
    },
    { id: "not-found", path: "*", Component: NotFound },
  ];
}

/**
 * The browser's router. On a page the server rendered, hydrationData says the matched routes have
 * their data already (it is in the store), so the router runs no loader and shows no fallback.
 */
export function createRouter(routes: RouteObject[], hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { hydrationData });
}
