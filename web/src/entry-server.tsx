import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { App } from "./app/app";
import { appRoutes } from "./app/router";
import { createStore } from "./app/store";
import { type FirstScreen, type FirstScreenSource, loadFirstScreen, upsertFirstScreen } from "./features/goods";

export { countsVisit } from "./features/goods";
export type { FirstScreenSource };

/** A goods screen rendered on the server: the markup of #root and what goes around it. */
export interface RenderedScreen extends FirstScreen {
  /** The markup inside #root (drawn without Ant Design: the app's stylesheets style it all). */
  html: string;
}

/** The server's render keeps the data the source gave, so its loaders ask for nothing. */
const routes = appRoutes(() => undefined as never);
const handler = createStaticHandler(routes);

/**
 * Renders the first screen of a goods address (home, goods page, search) with its answers, as the
 * browser's first render will: the browser then takes the markup over. Null for any other address.
 */
export async function renderFirstScreen(url: URL, source: FirstScreenSource): Promise<RenderedScreen | null> {
  const firstScreen = await loadFirstScreen(url, source);
  if (!firstScreen) return null;
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const store = createStore("");
  store.dispatch(upsertFirstScreen(firstScreen.entries));
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <App store={store}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </App>,
  );
  return { ...firstScreen, html };
}
