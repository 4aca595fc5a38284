import {
  ChatTradeQuerySchema,
  CounterOfferBodySchema,
  CreateOfferBodySchema,
  IdParamsSchema,
  type Offer,
} from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { ok, parseIdParam, parseInput } from "../../http/envelope.js";
import { KEEPS_SHARED_ANSWERS } from "../../http/response-cache.js";
import { requireUser } from "../../plugins/auth.js";
import { deliverAll, type WithDeliveries } from "../../plugins/realtime.js";
import { acceptOffer } from "./offer-acceptance.js";
import { chatTrade, counterOffer, declineOffer, makeOffer, withdrawOffer } from "./offer-service.js";

/**
 * Offers in chat. Only accepting one changes the goods (reserved), so only that call empties the
 * shared goods answers; the others leave them as they are.
 */
export async function offerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const offerId = (params: unknown) => parseIdParam(IdParamsSchema, params, "id");
  /** Pushed once committed, then answered. */
  const answer = async (change: WithDeliveries<Offer>, msg: string) => {
    await deliverAll(app.hub, change.deliveries);
    return ok(change.data, msg);
  };

  app.post("/offers", { preHandler: app.rateLimits.offerPerUser, ...KEEPS_SHARED_ANSWERS }, async (req) => {
    const me = await requireUser(req);
    return answer(
      await makeOffer(db, app.notifier.outbox(), me.userId, parseInput(CreateOfferBodySchema, req.body)),
      "已出价",
    );
  });

  app.post("/offers/:id/accept", { preHandler: app.rateLimits.tradeActionPerUser }, async (req) => {
    const me = await requireUser(req);
    return answer(
      await acceptOffer(db, app.notifier.outbox(), me.userId, offerId(req.params)),
      "已接受出价，宝贝已为买家预订",
    );
  });

  app.post(
    "/offers/:id/decline",
    { preHandler: app.rateLimits.tradeActionPerUser, ...KEEPS_SHARED_ANSWERS },
    async (req) => {
      const me = await requireUser(req);
      return answer(await declineOffer(db, app.notifier.outbox(), me.userId, offerId(req.params)), "已拒绝出价");
    },
  );

  app.post(
    "/offers/:id/withdraw",
    { preHandler: app.rateLimits.tradeActionPerUser, ...KEEPS_SHARED_ANSWERS },
    async (req) => {
      const me = await requireUser(req);
      return answer(await withdrawOffer(db, me.userId, offerId(req.params)), "已撤回出价");
    },
  );

  app.post("/offers/:id/counter", { preHandler: app.rateLimits.offerPerUser, ...KEEPS_SHARED_ANSWERS }, async (req) => {
    const me = await requireUser(req);
    const id = offerId(req.params);
    return answer(
      await counterOffer(db, app.notifier.outbox(), me.userId, id, parseInput(CounterOfferBodySchema, req.body)),
      "已还价",
    );
  });

  app.get("/offers", async (req) => {
    const me = await requireUser(req);
    return ok(await chatTrade(db, me.userId, parseInput(ChatTradeQuerySchema, req.query)));
  });
}
