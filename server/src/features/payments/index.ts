// The payments feature's public face: the payment providers, chosen by PAYMENT_PROVIDER, and the
// sandbox's pay page routes. Everything else in this folder is its own.
import type { Config } from "../../config.js";
import type { Db } from "../../db/database.js";
import { AlipayProvider } from "./alipay/alipay-provider.js";
import type { PaymentProvider } from "./payment-provider.js";
import type { SendWebhook } from "./sandbox/sandbox-delivery.js";
import { SandboxProvider } from "./sandbox/sandbox-provider.js";

export type { AlipayPaymentInput, AlipayProviderOptions, AlipayReleaseInput } from "./alipay/alipay-provider.js";
export { AlipayProvider } from "./alipay/alipay-provider.js";
export { type AlipaySdk, newAlipaySdk } from "./alipay/alipay-sdk.js";
export * from "./payment-provider.js";
export type { SendWebhook } from "./sandbox/sandbox-delivery.js";
export { RETRY_DELAYS_SECONDS, WEBHOOK_ATTEMPTS_MAX } from "./sandbox/sandbox-delivery.js";
export { SANDBOX_PAY_MODES, type SandboxPayMode } from "./sandbox/sandbox-events.js";
export { SandboxProvider, type SandboxProviderDeps } from "./sandbox/sandbox-provider.js";
export { sandboxPayRoutes } from "./sandbox/sandbox-routes.js";
export { SandboxHeaders, signedHeaders, WEBHOOK_TOLERANCE_SECONDS } from "./sandbox/sandbox-signature.js";
export {
  beijingDayWindow,
  MOVEMENT_KINDS,
  type MovementKind,
  readBill,
  type StatementEntry,
  UnreadableBill,
  writeBill,
} from "./statement.js";

export interface PaymentProviderDeps {
  db: Db;
  /** How the sandbox's webhooks reach the product's endpoint; unused by Alipay, which posts them itself. */
  send: SendWebhook;
  /** Where the sandbox reports a webhook delivery that failed as a whole. */
  onDeliveryError?: (error: unknown) => void;
}

/** The provider PAYMENT_PROVIDER names, with its keys from the configuration (checked there, and parsed here). */
export function createPaymentProvider(config: Config, deps: PaymentProviderDeps): PaymentProvider {
  const { alipay } = config.payments;
  if (config.payments.provider === "alipay" && alipay && config.publicOrigin) {
    return new AlipayProvider({
      alipay,
      publicOrigin: config.publicOrigin,
      paymentMinutes: config.orderTimers.paymentMinutes,
    });
  }
  if (config.payments.provider === "alipay")
    throw new Error("PAYMENT_PROVIDER=alipay needs the ALIPAY_* keys and PUBLIC_ORIGIN");
  return new SandboxProvider({
    db: deps.db,
    secret: config.payments.sandboxWebhookSecret,
    send: deps.send,
    deliverAfterMs: config.payments.sandboxWebhookDelayMs || null,
    leaseSeconds: config.payments.sandboxWebhookLeaseSeconds,
    onDeliveryError: deps.onDeliveryError,
  });
}
