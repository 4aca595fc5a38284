import {
  ChatTradeQuerySchema,
  ChatTradeSchema,
  CounterOfferBodySchema,
  CreateOfferBodySchema,
  IdParamsSchema,
  type Offer,
  OfferSchema,
} from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { KEEPS_SHARED_ANSWERS } from "../../http/response-cache.js";
import { userOf } from "../../plugins/auth.js";
import { deliverAll, type WithDeliveries } from "../../plugins/realtime.js";
import { serviceDeps } from "../../services.js";
import { acceptOffer } from "./offer-acceptance.js";
import { chatTrade, counterOffer, declineOffer, makeOffer, withdrawOffer } from "./offer-service.js";

const route = apiRoutes("offers");

/**
 * Offers in chat. Only accepting one changes the goods (reserved), so only that call empties the
 * shared goods answers; the others leave them as they are.
 */
export const offerRoutes: ApiRoutes = async (app) => {
  /** Pushed once committed, then answered. */
  const answer = async (change: WithDeliveries<Offer>, msg: string) => {
    await deliverAll(app.hub, change.deliveries);
    return ok(change.data, msg);
  };

  app.post(
    "/offers",
    route.user(
      {
        example: { as: "alice", body: { goodsId: demo.goods(1), amountCents: 150_000 } },
        summary: "Offer a price for goods",
        answer: OfferSchema,
        body: CreateOfferBodySchema,
      },
      { preValidation: app.rateLimits.offerPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => answer(await makeOffer(serviceDeps(app, req), userOf(req).userId, req.body), "已出价"),
  );

  app.post(
    "/offers/:id/accept",
    route.user(
      {
        example: { as: demo.sellerOf(demo.trade.open.goodsIndex), params: { id: demo.offer("open") } },
        summary: "Accept an offer: the goods are reserved in a deal",
        answer: OfferSchema,
        params: IdParamsSchema,
      },
      { preValidation: app.rateLimits.tradeActionPerUser },
    ),
    async (req) =>
      answer(
        await acceptOffer(serviceDeps(app, req), userOf(req).userId, Number(req.params.id)),
        "已接受出价，宝贝已为买家预订",
      ),
  );

  app.post(
    "/offers/:id/decline",
    route.user(
      {
        example: { as: demo.sellerOf(demo.trade.open.goodsIndex), params: { id: demo.offer("open") } },
        summary: "Decline an offer",
        answer: OfferSchema,
        params: IdParamsSchema,
      },
      { preValidation: app.rateLimits.tradeActionPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) =>
      answer(await declineOffer(serviceDeps(app, req), userOf(req).userId, Number(req.params.id)), "已拒绝出价"),
  );

  app.post(
    "/offers/:id/withdraw",
    route.user(
      {
        example: { as: demo.trade.open.buyer, params: { id: demo.offer("open") } },
        summary: "Withdraw one's offer",
        answer: OfferSchema,
        params: IdParamsSchema,
      },
      { preValidation: app.rateLimits.tradeActionPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) =>
      answer(await withdrawOffer(serviceDeps(app, req), userOf(req).userId, Number(req.params.id)), "已撤回出价"),
  );

  app.post(
    "/offers/:id/counter",
    route.user(
      {
        example: {
          as: demo.sellerOf(demo.trade.open.goodsIndex),
          params: { id: demo.offer("open") },
          body: { amountCents: 80_000 },
        },
        summary: "Answer an offer with another price",
        answer: OfferSchema,
        params: IdParamsSchema,
        body: CounterOfferBodySchema,
      },
      { preValidation: app.rateLimits.offerPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) =>
      answer(await counterOffer(serviceDeps(app, req), userOf(req).userId, Number(req.params.id), req.body), "已还价"),
  );

  app.get(
    "/offers",
    route.user({
      example: { as: demo.trade.open.buyer, query: { chatId: demo.tradeChat("open") } },
      summary: "Offers in a chat",
      answer: ChatTradeSchema,
      query: ChatTradeQuerySchema,
    }),
    async (req) => ok(await chatTrade(serviceDeps(app, req), userOf(req).userId, req.query)),
  );
};
