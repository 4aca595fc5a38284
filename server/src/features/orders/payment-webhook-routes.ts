import { z } from "zod";
import { appError } from "../../errors.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { deliverAll } from "../../plugins/realtime.js";
import { serviceDeps } from "../../services.js";
import { WebhookRejected } from "../payments/index.js";
import { takePaymentEvent } from "./order-payments.js";

const route = apiRoutes("payments");

const WebhookParamsSchema = z.object({ provider: z.enum(["sandbox", "alipay"]) });

/**
 * The payment provider's word: POST /payments/{provider}/webhook. The body is read as the raw text
 * the provider signed (this plugin's own parser), verified by the provider (signature, timestamp,
 * form), and only then believed. Taken once per event id: a replay, a forged or stale one, or one
 * for an unknown payment changes nothing. Alipay wants the text `success` back.
 */
export const paymentWebhookRoutes: ApiRoutes = async (app) => {
  const provider = app.payments;
  app.removeContentTypeParser(provider.webhookContentType);
  app.addContentTypeParser(provider.webhookContentType, { parseAs: "string" }, (_req, body, done) => done(null, body));

  app.post(
    "/payments/:provider/webhook",
    route.pub({
      example: { params: { provider: "sandbox" } },
      summary: "The payment provider's signed notice of a payment (webhook)",
      answer: null,
      params: WebhookParamsSchema,
    }),
    async (req, reply) => {
      if (req.params.provider !== provider.name) throw appError("API_NOT_FOUND");
      const rawBody = typeof req.body === "string" ? req.body : "";
      let event: ReturnType<typeof provider.verifyWebhook>;
      try {
        event = provider.verifyWebhook({ headers: req.headers, rawBody }, new Date());
      } catch (error) {
        if (!(error instanceof WebhookRejected)) throw error;
        req.log.warn({ reason: error.message }, "payment webhook rejected");
        throw appError("WEBHOOK_REJECTED");
      }
      const taken = await takePaymentEvent(serviceDeps(app, req), event);
      await deliverAll(app.hub, taken.deliveries);
      if (provider.webhookAcknowledgement !== null) {
        return reply.type("text/plain; charset=utf-8").send(provider.webhookAcknowledgement);
      }
      return ok(null, taken.outcome === "duplicate" ? "已处理过" : "已处理");
    },
  );
};
