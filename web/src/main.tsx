import "./styles.css";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { matchRoutes, type RouteObject, RouterProvider } from "react-router";
import { App } from "./app/app";
import { setUnauthorizedHandler } from "./app/base-query";
import { paths } from "./app/paths";
import { appRoutes, createRouter } from "./app/router";
import { registerServiceWorker, watchConnection } from "./app/service-worker/register";
import { createStore } from "./app/store";
import { createUnauthorizedHandler } from "./app/unauthorized";
import { message } from "./components/toasts";
import { isGuardedScreenShown, isSignedIn, signOutEndedSession, syncSignedInHint } from "./features/accounts";
import { readFirstScreen, upsertFirstScreen } from "./features/goods";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
const container = root;

// A token kept from before the hint existed, or one dropped in another tab: the next page is asked for right.
syncSignedInHint();
const store = createStore();
const routes = appRoutes(store.dispatch);
// The server put the first screen's answers into the document: the screen starts from them.
const firstScreen = readFirstScreen();
if (firstScreen) store.dispatch(upsertFirstScreen(firstScreen.entries));
// It rendered what anyone signed out sees: a signed-in person's screen differs, and is rendered anew.
const hydrating = firstScreen !== null && !isSignedIn();

/** Loads the code of the matched screens, so that the router starts with them (no fallback in between). */
async function loadMatchedScreens(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

function createApp() {
  const router = createRouter(
    routes,
    hydrating && firstScreen ? { loaderData: { layout: null, [firstScreen.routeId]: null } } : undefined,
  );
  setUnauthorizedHandler(
    createUnauthorizedHandler({
      signOut: () => signOutEndedSession(store.dispatch),
      toast: (text) => message.warning(text),
      currentPath: () => `${window.location.pathname}${window.location.search}`,
      onGuardedScreen: isGuardedScreenShown,
      goToLogin: (from) => void router.navigate(paths.login, { replace: true, state: { from } }),
    }),
  );
  watchConnection();
  registerServiceWorker((path) => void router.navigate(path));
  return (
    <App store={store}>
      <RouterProvider router={router} />
    </App>
  );
}

if (hydrating) {
  // The screen is on the page already: React takes its markup over once the screen's code is here.
  // A transition hydrates in slices too, rather than in one long task.
  void loadMatchedScreens(routes).then(() => startTransition(() => void hydrateRoot(container, createApp())));
} else {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // A transition renders in slices, yielding to the browser between them, rather than in one long task.
    startTransition(() => createRoot(container).render(createApp()));
  };
  // The top bar in index.html paints first, then the app renders: on a slow phone its first render
  // takes a while, and the page is not blank meanwhile. A hidden tab runs no animation frames, hence
  // the timer.
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, 100);
}
