import { SandboxPaymentParamsSchema, SandboxPaymentSchema } from "@xianzhi/contract";
import { z } from "zod";
import { type ApiRoutes, apiRoutes } from "../../../http/api-route.js";
import { ok } from "../../../http/envelope.js";
import { KEEPS_SHARED_ANSWERS } from "../../../http/response-cache.js";
import { SANDBOX_PAY_MODES } from "./sandbox-events.js";
import type { SandboxProvider } from "./sandbox-provider.js";

const route = apiRoutes("payments");

/**
 * What the pay page sends with 支付: how the sandbox behaves afterwards (normal when left out).
 * Declared here, not in the contract: only the sandbox's own page and tests send it.
 */
const SandboxPayBodySchema = z.object({
  mode: z.enum(SANDBOX_PAY_MODES).optional().describe("How the sandbox behaves after paying: see sandbox-events.ts."),
});

/**
 * The sandbox provider's pay page (/sandbox-pay/:paymentId in the web app) reads and pays through
 * these, as a buyer does on a provider's cashier page: whoever has the payment's unguessable id
 * may pay it. Paying changes nothing the shared answers show: the order changes when the webhook
 * it sends arrives.
 */
export function sandboxPayRoutes(provider: SandboxProvider): ApiRoutes {
  return async (app) => {
    app.get(
      "/sandbox-pay/:paymentId",
      route.pub({
        example: { params: { paymentId: "the paymentId of the payUrl POST /orders answered" } },
        summary: "A sandbox payment, as its pay page shows it",
        answer: SandboxPaymentSchema,
        params: SandboxPaymentParamsSchema,
      }),
      async (req) => ok(await provider.payment(req.params.paymentId)),
    );

    app.post(
      "/sandbox-pay/:paymentId/pay",
      route.pub(
        {
          example: {
            params: { paymentId: "the paymentId of the payUrl POST /orders answered" },
            body: { mode: "normal" },
          },
          summary: "Pay a sandbox payment (支付); a test may pick how the sandbox behaves next",
          answer: SandboxPaymentSchema,
          params: SandboxPaymentParamsSchema,
          body: SandboxPayBodySchema,
        },
        KEEPS_SHARED_ANSWERS,
      ),
      async (req) => {
        const payment = await provider.pay(req.params.paymentId, req.body?.mode ?? "normal");
        return ok(payment, payment.status === "succeeded" ? "支付成功" : "支付失败");
      },
    );

    app.post(
      "/sandbox-pay/:paymentId/fail",
      route.pub(
        {
          example: { params: { paymentId: "the paymentId of the payUrl POST /orders answered" } },
          summary: "Fail a sandbox payment (支付失败)",
          answer: SandboxPaymentSchema,
          params: SandboxPaymentParamsSchema,
        },
        KEEPS_SHARED_ANSWERS,
      ),
      async (req) => ok(await provider.fail(req.params.paymentId), "支付失败"),
    );
  };
}
