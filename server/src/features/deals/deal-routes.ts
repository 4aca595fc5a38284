import { DealsQuerySchema, IdParamsSchema } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { ok, parseIdParam, parseInput } from "../../http/envelope.js";
import { requireUser } from "../../plugins/auth.js";
import { deliverAll } from "../../plugins/realtime.js";
import { dealsPage } from "./deal-list.js";
import { cancelDeal, completeDeal } from "./deal-service.js";

/**
 * The caller's deals, and ending one: both endings change the goods (sold, or on sale again), so
 * both empty the shared goods answers.
 */
export async function dealRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const dealId = (params: unknown) => parseIdParam(IdParamsSchema, params, "id");

  app.get("/deals", async (req) => {
    const me = await requireUser(req);
    return ok(await dealsPage(db, me.userId, parseInput(DealsQuerySchema, req.query)));
  });

  app.post("/deals/:id/complete", { preHandler: app.rateLimits.tradeActionPerUser }, async (req) => {
    const me = await requireUser(req);
    const change = await completeDeal(db, app.notifier.outbox(), me.userId, dealId(req.params));
    await deliverAll(app.hub, change.deliveries);
    return ok(change.data, "已确认成交");
  });

  app.post("/deals/:id/cancel", { preHandler: app.rateLimits.tradeActionPerUser }, async (req) => {
    const me = await requireUser(req);
    const change = await cancelDeal(db, app.notifier.outbox(), me.userId, dealId(req.params));
    await deliverAll(app.hub, change.deliveries);
    return ok(change.data, "交易已取消");
  });
}
