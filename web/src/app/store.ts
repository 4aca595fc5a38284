import { configureStore } from "@reduxjs/toolkit";
import { setAutoFreeze } from "immer";
import { authSlice } from "../features/accounts";
import { chatSlice } from "../features/chat";
import { api } from "./api";
import { ACCESS_TOKEN_KEY } from "./paths";

// Immer freezes every answer RTK Query stores, walking it to its leaves: on a phone that walk over a
// page of goods was a visible share of the first render. State is only written by reducers, through
// Immer's drafts; components only read it. So the app skips the freezing.
setAutoFreeze(false);

/** The store; the server's render passes no token (it renders what anyone signed out sees). */
export function createStore(token = localStorage.getItem(ACCESS_TOKEN_KEY) ?? "") {
  return configureStore({
    reducer: { auth: authSlice.reducer, chat: chatSlice.reducer, [api.reducerPath]: api.reducer },
    preloadedState: {
      auth: { token, userInfo: {} },
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore["getState"]>;
export type AppDispatch = AppStore["dispatch"];
