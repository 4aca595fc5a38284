import { configureStore } from "@reduxjs/toolkit";
import { authSlice } from "../features/accounts";
import { chatSlice } from "../features/chat";
import { api } from "./api";
import { ACCESS_TOKEN_KEY } from "./paths";

export function createStore() {
  return configureStore({
    reducer: { auth: authSlice.reducer, chat: chatSlice.reducer, [api.reducerPath]: api.reducer },
    preloadedState: {
      auth: { token: localStorage.getItem(ACCESS_TOKEN_KEY) ?? "", userInfo: {} },
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore["getState"]>;
export type AppDispatch = AppStore["dispatch"];
