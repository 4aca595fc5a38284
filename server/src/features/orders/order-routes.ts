import {
  CheckoutQuerySchema,
  CheckoutSchema,
  CreateOrderBodySchema,
  IdParamsSchema,
  OrderDetailSchema,
  OrderPageSchema,
  OrderSchema,
  OrdersQuerySchema,
  PickupBodySchema,
  ShipOrderBodySchema,
} from "@xianzhi/contract";
import type { FastifyRequest } from "fastify";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { deliverAll, type WithDeliveries } from "../../plugins/realtime.js";
import { serviceDeps } from "../../services.js";
import {
  cancelOrder,
  checkout,
  confirmOrder,
  createOrder,
  extendOrder,
  orderDetail,
  ordersPage,
  payOrder,
  pickupOrder,
  refundOrder,
  requestCancel,
  shipOrder,
} from "./order-service.js";

const route = apiRoutes("orders");

/** A phone's browser gets the provider's phone page. */
const onPhone = (req: FastifyRequest) => /Mobile|Android|iPhone|iPad|HarmonyOS/i.test(req.headers["user-agent"] ?? "");

/**
 * Protected orders (担保交易): checkout, 立即购买, the lists and the page, and each step a side
 * takes.
 */
export const orderRoutes: ApiRoutes = async (app) => {
  /** Tells both sides (the goods' shared answers are emptied by every write: http/response-cache.ts). */
  const changed = async <T>(change: WithDeliveries<T>, msg: string) => {
    await deliverAll(app.hub, change.deliveries);
    return ok(change.data, msg);
  };
  const step = { preValidation: app.rateLimits.tradeActionPerUser };

  app.get(
    "/orders/checkout",
    route.user({
      example: { as: "carol", query: { goodsId: demo.goods(0) } },
      summary: "What 立即购买 would cost: price or accepted offer, fee, addresses",
      answer: CheckoutSchema,
      query: CheckoutQuerySchema,
    }),
    async (req) => ok(await checkout(serviceDeps(app, req), userOf(req).userId, Number(req.query.goodsId))),
  );

  app.post(
    "/orders",
    route.user(
      {
        example: {
          as: "carol",
          body: { goodsId: demo.goods(0), delivery: "shipping", addressId: demo.address("carol") },
        },
        summary: "立即购买: order goods at the price the server sets",
        answer: OrderSchema,
        body: CreateOrderBodySchema,
      },
      step,
    ),
    async (req) =>
      changed(
        await createOrder(serviceDeps(app, req), userOf(req).userId, req.body, onPhone(req)),
        "下单成功，请在 30 分钟内付款",
      ),
  );

  app.get(
    "/orders",
    route.user({
      example: { as: "carol", query: { role: "buyer" } },
      summary: "The user's orders as buyer or seller, newest first",
      answer: OrderPageSchema,
      query: OrdersQuerySchema,
    }),
    async (req) => ok(await ordersPage(serviceDeps(app, req), userOf(req).userId, req.query)),
  );

  app.get(
    "/orders/:id",
    route.user({
      example: { as: "carol", params: { id: demo.firstMade } },
      summary: "One order with its timeline",
      answer: OrderDetailSchema,
      params: IdParamsSchema,
    }),
    async (req) => ok(await orderDetail(serviceDeps(app, req), userOf(req).userId, Number(req.params.id))),
  );

  app.post(
    "/orders/:id/pay",
    route.user(
      {
        example: { as: "carol", params: { id: demo.firstMade } },
        summary: "The page the buyer pays an unpaid order on",
        answer: OrderSchema,
        params: IdParamsSchema,
      },
      step,
    ),
    async (req) => ok(await payOrder(serviceDeps(app, req), userOf(req).userId, Number(req.params.id), onPhone(req))),
  );

  // The order POST /orders's example makes (carol buys alice's goods): its buyer's steps and its seller's.
  const BUYERS_EXAMPLE = { as: "carol", params: { id: demo.firstMade } } as const;
  const SELLERS_EXAMPLE = { as: "alice", params: { id: demo.firstMade } } as const;
  const byHand = [
    {
      path: "cancel",
      example: BUYERS_EXAMPLE,
      summary: "Cancel an unpaid order: the goods are on sale again",
      take: cancelOrder,
      msg: "订单已取消",
    },
    {
      path: "request-cancel",
      example: BUYERS_EXAMPLE,
      summary: "The buyer asks to cancel a paid order",
      take: requestCancel,
      msg: "已申请取消，等待卖家处理",
    },
    {
      path: "refund",
      example: SELLERS_EXAMPLE,
      summary: "The seller cancels a paid order: the buyer is refunded",
      take: refundOrder,
      msg: "订单已取消，货款原路退回",
    },
    {
      path: "extend",
      example: BUYERS_EXAMPLE,
      summary: "The buyer extends the receiving time, once",
      take: extendOrder,
      msg: "已延长收货时间",
    },
    {
      path: "confirm",
      example: BUYERS_EXAMPLE,
      summary: "确认收货: the money is released to the seller",
      take: confirmOrder,
      msg: "已确认收货，交易成功",
    },
  ] as const;
  for (const { path, summary, example, take, msg } of byHand) {
    app.post(
      `/orders/:id/${path}`,
      route.user({ summary, example, answer: OrderSchema, params: IdParamsSchema }, step),
      async (req) => changed(await take(serviceDeps(app, req), userOf(req).userId, Number(req.params.id)), msg),
    );
  }

  app.post(
    "/orders/:id/ship",
    route.user(
      {
        example: {
          as: "alice",
          params: { id: demo.firstMade },
          body: { carrier: "SF", trackingNumber: "SF1234567890123" },
        },
        summary: "The seller ships (carrier and tracking number) or is ready to hand over (面交)",
        answer: OrderSchema,
        params: IdParamsSchema,
        body: ShipOrderBodySchema,
      },
      step,
    ),
    async (req) =>
      changed(await shipOrder(serviceDeps(app, req), userOf(req).userId, Number(req.params.id), req.body), "已发货"),
  );

  app.post(
    "/orders/:id/pickup",
    route.user(
      {
        example: { as: "alice", params: { id: demo.firstMade }, body: { code: "482913" } },
        summary: "面交: the seller enters the buyer's pickup code; the order succeeds",
        answer: OrderSchema,
        params: IdParamsSchema,
        body: PickupBodySchema,
      },
      step,
    ),
    async (req) =>
      changed(
        await pickupOrder(serviceDeps(app, req), userOf(req).userId, Number(req.params.id), req.body),
        "取件码正确，交易成功",
      ),
  );
};
