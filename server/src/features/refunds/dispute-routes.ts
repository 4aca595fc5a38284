import {
  DisputeDetailSchema,
  DisputeQueueSchema,
  DisputeRulingBodySchema,
  IdParamsSchema,
  RefundSchema,
} from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { deliverAll } from "../../plugins/realtime.js";
import { serviceDeps } from "../../services.js";
import { disputeDetail, disputeQueue, ruleDispute } from "./dispute-service.js";

const route = apiRoutes("admin");

/** The console's 纠纷: refund disputes waiting for a moderator's ruling. */
export const disputeRoutes: ApiRoutes = async (app) => {
  app.get(
    "/admin/disputes",
    route.moderator({
      example: { as: demo.moderator },
      summary: "Refund disputes waiting for a ruling, oldest first",
      answer: DisputeQueueSchema,
    }),
    async (req) => ok(await disputeQueue(serviceDeps(app, req))),
  );

  app.get(
    "/admin/disputes/:id",
    route.moderator({
      example: { as: demo.moderator, params: { id: demo.firstMade } },
      summary: "A dispute with everything a ruling weighs: words, photos, timeline, chat, both sides' records",
      answer: DisputeDetailSchema,
      params: IdParamsSchema,
    }),
    async (req) => ok(await disputeDetail(serviceDeps(app, req), Number(req.params.id))),
  );

  app.post(
    "/admin/disputes/:id/ruling",
    route.moderator(
      {
        example: {
          as: demo.moderator,
          params: { id: demo.firstMade },
          body: { ruling: "refund", reason: "卖家未能证明商品与描述一致" },
        },
        summary: "Rule a dispute: full refund, a split, or release to the seller, with a reason",
        answer: RefundSchema,
        params: IdParamsSchema,
        body: DisputeRulingBodySchema,
      },
      { preValidation: app.rateLimits.tradeActionPerUser },
    ),
    async (req) => {
      const ruled = await ruleDispute(serviceDeps(app, req), userOf(req), Number(req.params.id), req.body);
      await deliverAll(app.hub, ruled.deliveries);
      return ok(ruled.data, "已裁决，双方已收到通知");
    },
  );
};
