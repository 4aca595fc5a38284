import {
  DEFAULT_BUSINESS_ERROR,
  type Envelope,
  HttpStatusMessages,
  SUCCESS_CODE,
  UNKNOWN_ERROR,
} from "@xianzhi/contract/constants";

/** Every failed call, told apart by kind; the timestamp says when it happened. */
export interface ApiError {
  kind: "business" | "http" | "fetch" | "timeout" | "parsing";
  /** The HTTP status, when there was a response. */
  status?: number;
  /** The envelope code, when there was an envelope. */
  code?: number;
  msg: string;
  /** The server's own words where the message is the generic one of the status (e.g. the field of a 400). */
  detail?: string;
  data?: unknown;
  timestamp: number;
}

export const TRANSPORT_MESSAGES = {
  fetch: "网络连接失败，请检查网络后重试",
  offline: "当前处于离线状态，这个操作需要联网，请联网后再试",
  timeout: "请求超时，请稍后重试",
  parsing: "服务器返回的数据无法解析",
} as const;

export type RawError =
  | { status: number; data: unknown }
  | { status: "FETCH_ERROR"; error: string }
  | { status: "TIMEOUT_ERROR"; error: string }
  | { status: "PARSING_ERROR"; originalStatus: number; data: string; error: string }
  | { status: "CUSTOM_ERROR"; error: string; data?: unknown };

function envelopeOf(data: unknown): Partial<Envelope<unknown>> | undefined {
  return typeof data === "object" && data !== null ? (data as Partial<Envelope<unknown>>) : undefined;
}

/** Turns what fetchBaseQuery reports into an ApiError (product spec, section 8). */
export function toApiError(raw: RawError, now = Date.now()): ApiError {
  if (raw.status === "FETCH_ERROR") return { kind: "fetch", msg: TRANSPORT_MESSAGES.fetch, timestamp: now };
  if (raw.status === "TIMEOUT_ERROR") return { kind: "timeout", msg: TRANSPORT_MESSAGES.timeout, timestamp: now };
  if (raw.status === "PARSING_ERROR") {
    return { kind: "parsing", status: raw.originalStatus, msg: TRANSPORT_MESSAGES.parsing, timestamp: now };
  }
  if (raw.status === "CUSTOM_ERROR") return { kind: "fetch", msg: raw.error || UNKNOWN_ERROR, timestamp: now };
  const envelope = envelopeOf(raw.data);
  const serverMsg = typeof envelope?.msg === "string" && envelope.msg ? envelope.msg : undefined;
  const statusMsg = HttpStatusMessages[raw.status];
  return {
    kind: "http",
    status: raw.status,
    code: typeof envelope?.code === "number" ? envelope.code : raw.status,
    msg: statusMsg ?? serverMsg ?? UNKNOWN_ERROR,
    ...(statusMsg && serverMsg && serverMsg !== statusMsg ? { detail: serverMsg } : {}),
    data: envelope?.data,
    timestamp: now,
  };
}

/** A reply that arrived: code 200 is success, anything else a business error. */
export function readEnvelope(body: unknown, now = Date.now()): { data: unknown } | { error: ApiError } {
  const envelope = envelopeOf(body);
  if (!envelope || typeof envelope.code !== "number") {
    return { error: { kind: "parsing", status: 200, msg: TRANSPORT_MESSAGES.parsing, timestamp: now } };
  }
  if (envelope.code === SUCCESS_CODE) return { data: envelope.data };
  return {
    error: {
      kind: "business",
      status: 200,
      code: envelope.code,
      msg: envelope.msg || DEFAULT_BUSINESS_ERROR,
      data: envelope.data,
      timestamp: now,
    },
  };
}

/** What a person should read for an error. */
export function errorText(error: unknown): string {
  const apiError = error as Partial<ApiError> | undefined;
  if (!apiError?.msg) return UNKNOWN_ERROR;
  return apiError.detail ? `${apiError.msg}：${apiError.detail}` : apiError.msg;
}
