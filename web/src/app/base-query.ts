import type { BaseQueryFn, FetchArgs } from "@reduxjs/toolkit/query";
import { fetchBaseQuery } from "@reduxjs/toolkit/query/react";
import { type ApiError, readEnvelope, toApiError } from "./api-error";
import { UI } from "./constants";
import { ACCESS_TOKEN_KEY } from "./paths";

type UnauthorizedHandler = (error: ApiError) => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app says what a 401 does (a toast, then /login after 1.5 s); tests say it too. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** A 401 learnt elsewhere than from a call (the chat socket closed with 4401) is handled like one. */
export function reportUnauthorized(error: ApiError): void {
  onUnauthorized(error);
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: "/api",
  timeout: UI.requestTimeoutMs,
  prepareHeaders(headers) {
    const token = localStorage.getItem(ACCESS_TOKEN_KEY);
    if (token) headers.set("Authorization", `Bearer ${token}`);
    return headers;
  },
});

/** Every call of the app goes through here: the envelope is read and every failure is an ApiError. */
export const envelopeBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error) {
    const error = toApiError(result.error);
    // Without a token there is no session to lose: a screen still mounted while this tab signs out
    // (its queries refetch after the reset) must not send the user to /login after all.
    if (error.status === 401 && localStorage.getItem(ACCESS_TOKEN_KEY)) onUnauthorized(error);
    return { error };
  }
  return readEnvelope(result.data);
};
