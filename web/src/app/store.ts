import { configureStore, type Middleware } from "@reduxjs/toolkit";
import { setAutoFreeze } from "immer";
import { authSlice } from "../features/accounts";
import { chatSlice } from "../features/chat";
import { api } from "./api";
import { ACCESS_TOKEN_KEY } from "./paths";
import { dropKeptAnswers } from "./service-worker/caches";

// Immer freezes every answer RTK Query stores, walking it to its leaves: on a phone that walk over a
// page of goods was a visible share of the first render. State is only written by reducers, through
// Immer's drafts; components only read it. So the app skips the freezing.
setAutoFreeze(false);

/**
 * The session changed (a sign-in, a sign-out, a session ended: each resets the API's state): the
 * answers the service worker kept for offline were read with the old one, and go with it.
 */
const dropKeptAnswersWithSession: Middleware = () => (next) => (action) => {
  if (api.util.resetApiState.match(action)) void dropKeptAnswers();
  return next(action);
};

/** The store; the server's render passes no token (it renders what anyone signed out sees). */
export function createStore(token = localStorage.getItem(ACCESS_TOKEN_KEY) ?? "") {
  return configureStore({
    reducer: {
      auth: authSlice.reducer,
      chat: chatSlice.reducer,
      [api.reducerPath]: api.reducer,
    },
    preloadedState: {
      auth: { token, userInfo: {} },
    },
    middleware: (getDefault) => getDefault().concat(api.middleware).concat(dropKeptAnswersWithSession),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore["getState"]>;
export type AppDispatch = AppStore["dispatch"];
