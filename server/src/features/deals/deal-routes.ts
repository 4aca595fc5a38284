import { DealSchema, DealSummaryPageSchema, DealsQuerySchema, IdParamsSchema } from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { deliverAll } from "../../plugins/realtime.js";
import { serviceDeps } from "../../services.js";
import { dealsPage } from "./deal-list.js";
import { cancelDeal, completeDeal } from "./deal-service.js";

const route = apiRoutes("deals");

/**
 * The caller's deals, and ending one: both endings change the goods (sold, or on sale again), so
 * both empty the shared goods answers.
 */
export const dealRoutes: ApiRoutes = async (app) => {
  app.get(
    "/deals",
    route.user({
      example: { as: "alice", query: { role: "buyer" } },
      summary: "The user's deals as buyer or seller",
      answer: DealSummaryPageSchema,
      query: DealsQuerySchema,
    }),
    async (req) => ok(await dealsPage(serviceDeps(app, req), userOf(req).userId, req.query)),
  );

  app.post(
    "/deals/:id/complete",
    route.user(
      {
        example: { as: demo.sellerOf(demo.trade.reserved.goodsIndex), params: { id: demo.deal("reserved") } },
        summary: "Complete a deal: the goods are sold",
        answer: DealSchema,
        params: IdParamsSchema,
      },
      { preValidation: app.rateLimits.tradeActionPerUser },
    ),
    async (req) => {
      const change = await completeDeal(serviceDeps(app, req), userOf(req).userId, Number(req.params.id));
      await deliverAll(app.hub, change.deliveries);
      return ok(change.data, "已确认成交");
    },
  );

  app.post(
    "/deals/:id/cancel",
    route.user(
      {
        example: { as: demo.sellerOf(demo.trade.reserved.goodsIndex), params: { id: demo.deal("reserved") } },
        summary: "Cancel a deal: the goods are on sale again",
        answer: DealSchema,
        params: IdParamsSchema,
      },
      { preValidation: app.rateLimits.tradeActionPerUser },
    ),
    async (req) => {
      const change = await cancelDeal(serviceDeps(app, req), userOf(req).userId, Number(req.params.id));
      await deliverAll(app.hub, change.deliveries);
      return ok(change.data, "交易已取消");
    },
  );
};
