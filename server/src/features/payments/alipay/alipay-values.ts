import { createHash } from "node:crypto";

/** Beijing time, in which Alipay writes every time (`yyyy-MM-dd HH:mm:ss`), is UTC+8 all year. */
const BEIJING_OFFSET_MS = 8 * 3600 * 1000;

/** Fen as Alipay's yuan string: 1230 -> "12.30". */
export function yuanOf(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a number of fen: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** Alipay's yuan string as fen, exactly (no floating point): "12.30" -> 1230, "12.3" -> 1230, "12" -> 1200; null if malformed. */
export function centsOfYuan(yuan: string): number | null {
  const match = /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** A moment as Alipay writes it: Beijing time, `yyyy-MM-dd HH:mm:ss`. */
export function beijingTimeOf(date: Date): string {
  return new Date(date.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** Alipay's `yyyy-MM-dd HH:mm:ss` (Beijing time) as an ISO-8601 UTC moment; null if malformed. */
export function isoOfBeijingTime(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text.replace(" ", "T")}+08:00`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/**
 * An idempotency key as Alipay's out_request_no, which takes at most 32 letters, digits and
 * underscores (alipay.trade.order.settle): a key that fits is used as it is, any other as a
 * digest of it, the same for the same key, so a retry is still recognised as the same request.
 */
export function outRequestNoOf(idempotencyKey: string): string {
  if (/^\w{1,32}$/.test(idempotencyKey)) return idempotencyKey;
  return `k${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 31)}`;
}

/** Alipay refuses some characters in a subject (/ = &): they become spaces; at most 256 characters. */
export function subjectOf(title: string): string {
  return [...title.replace(/[/=&]/g, " ")].slice(0, 256).join("").trim() || "闲置好物";
}
