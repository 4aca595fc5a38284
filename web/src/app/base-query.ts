import type { BaseQueryApi, BaseQueryFn, FetchArgs } from "@reduxjs/toolkit/query";
import { fetchBaseQuery } from "@reduxjs/toolkit/query/react";
import { type ApiError, type RawError, readEnvelope, TRANSPORT_MESSAGES, toApiError } from "./api-error";
import { UI } from "./constants";
import { ACCESS_TOKEN_KEY } from "./paths";
import { answeredLive, appStatusNow, reportAppStatus, shownFromCache } from "./service-worker/app-status";
import { SAVED_AT_HEADER } from "./service-worker/caches";
import { type UploadArgs, uploadWithProgress } from "./upload-transport";

/** Whether the failed call was something the user did (a mutation, an upload) or a page loading its data. */
export interface FailedCall {
  userAction: boolean;
}

type UnauthorizedHandler = (error: ApiError, call: FailedCall) => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app says what a 401 does (a toast, then /login after 1.5 s); tests say it too. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

function authorization(): string | null {
  const token = localStorage.getItem(ACCESS_TOKEN_KEY);
  return token ? `Bearer ${token}` : null;
}

/**
 * A 401 learnt elsewhere than from a call (the chat socket closed with 4401). A session that was
 * working and was ended on purpose sends the user to sign in, as after something they did
 * (`endedWhileSignedIn`); a token refused from the start is a stale one, as a page's own calls
 * find it: dropped, and a public page stays.
 */
export function reportUnauthorized(error: ApiError, endedWhileSignedIn: boolean): void {
  onUnauthorized(error, { userAction: endedWhileSignedIn });
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: "/api",
  timeout: UI.requestTimeoutMs,
  prepareHeaders(headers) {
    const value = authorization();
    if (value) headers.set("Authorization", value);
    return headers;
  },
});

export type { UploadArgs };
export type ApiArgs = string | FetchArgs | UploadArgs;

function isUpload(args: ApiArgs): args is UploadArgs {
  return typeof args === "object" && "onUploadProgress" in args;
}

function send(args: ApiArgs, api: BaseQueryApi, extra: object) {
  if (!isUpload(args)) return rawBaseQuery(args, api, extra);
  return uploadWithProgress({ ...args, url: `/api${args.url}` }, authorization(), api.signal);
}

/**
 * Every call of the app goes through here, uploads included: the envelope is read, every failure
 * is an ApiError, and a 401 is handled the same way whatever the call.
 */
export const envelopeBaseQuery: BaseQueryFn<ApiArgs, unknown, ApiError> = async (args, api, extra) => {
  const userAction = api.type === "mutation";
  // Offline, what the user does needs the server: said at once, rather than after a wait.
  if (userAction && isOffline()) return { error: offlineError() };
  const result = await send(args, api, extra as object);
  if (!isUpload(args)) noteWhereFrom((result as { meta?: { response?: Response } }).meta?.response);
  if (result.error) {
    if (result.error.status === "FETCH_ERROR" && isOffline()) return { error: offlineError() };
    const error = toApiError(result.error as RawError);
    // A page loading its data without a token has no session to lose: a screen still mounted while
    // this tab signs out (its queries refetch after the reset) must not send the user to /login.
    if (error.status === 401 && (userAction || localStorage.getItem(ACCESS_TOKEN_KEY))) {
      onUnauthorized(error, { userAction });
    }
    return { error };
  }
  return readEnvelope(result.data);
};

function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

function offlineError(): ApiError {
  return { kind: "fetch", msg: TRANSPORT_MESSAGES.offline, timestamp: Date.now() };
}

/**
 * Tells the app whether an answer came from the service worker's cache (it carries the time it was
 * kept) or from the server: the 离线 bar shows the first, and goes with the second.
 */
function noteWhereFrom(response: Response | undefined): void {
  if (!response) return;
  const savedAt = response.headers.get(SAVED_AT_HEADER);
  if (savedAt) reportAppStatus(shownFromCache(savedAt));
  else if (appStatusNow().savedAt) reportAppStatus(answeredLive());
}
