import { type PaymentEvent, WebhookRejected, type WebhookRequest } from "../payment-provider.js";
import type { AlipaySdk } from "./alipay-sdk.js";
import { centsOfYuan, isoOfBeijingTime } from "./alipay-values.js";

/** What each trade status Alipay notifies means to Xianzhi. */
const EVENT_TYPES: Record<string, PaymentEvent["type"]> = {
  TRADE_SUCCESS: "payment.succeeded",
  TRADE_FINISHED: "payment.succeeded",
  TRADE_CLOSED: "payment.failed",
};

/** The notify's form fields; a field given twice makes it not Alipay's. */
function fieldsOf(rawBody: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawBody)) {
    if (name in fields) throw new WebhookRejected(`field ${name} given twice`);
    fields[name] = value;
  }
  return fields;
}

function required(fields: Record<string, string>, name: string): string {
  const value = fields[name];
  if (!value) throw new WebhookRejected(`missing ${name}`);
  return value;
}

/**
 * Alipay's asynchronous notify (异步通知, a form POST to notify_url), believed only when the SDK
 * finds Alipay's RSA2 signature over its fields (checkNotifySignV2: the fields as decoded here,
 * not decoded twice) and it is for this app. Alipay's notifies carry no timestamp to hold to a
 * tolerance: a replay is an event id (notify_id) already taken, which the endpoint refuses.
 *
 * A refund notifies too (trade_status TRADE_SUCCESS after a partial refund, TRADE_CLOSED after a
 * full one): read as the same two events, which change nothing for an order already paid.
 */
export function verifyAlipayNotify(sdk: AlipaySdk, appId: string, request: WebhookRequest): PaymentEvent {
  const fields = fieldsOf(request.rawBody);
  if (!fields.sign) throw new WebhookRejected("missing sign");
  if (!sdk.checkNotifySignV2(fields)) throw new WebhookRejected("bad signature");
  if (fields.app_id !== appId) throw new WebhookRejected("for another app");
  const tradeStatus = required(fields, "trade_status");
  const type = EVENT_TYPES[tradeStatus];
  if (!type) throw new WebhookRejected(`trade status ${tradeStatus} is not an event Xianzhi takes`);
  const amountCents = centsOfYuan(required(fields, "total_amount"));
  if (amountCents === null) throw new WebhookRejected("bad total_amount");
  const when = type === "payment.succeeded" ? fields.gmt_payment : fields.gmt_close;
  const occurredAt = isoOfBeijingTime(when || required(fields, "notify_time"));
  if (occurredAt === null) throw new WebhookRejected("bad time");
  return {
    eventId: required(fields, "notify_id"),
    type,
    paymentRef: required(fields, "out_trade_no"),
    amountCents,
    occurredAt,
  };
}
