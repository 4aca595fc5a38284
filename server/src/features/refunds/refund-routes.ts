import {
  AgreeRefundBodySchema,
  CreateRefundBodySchema,
  IdParamsSchema,
  RefundSchema,
  RefundWordsBodySchema,
  ReturnShippedBodySchema,
} from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { deliverAll, type WithDeliveries } from "../../plugins/realtime.js";
import { serviceDeps } from "../../services.js";
import {
  acceptOffer,
  addStatement,
  agreeRefund,
  escalateRefund,
  receiveReturn,
  refundDetail,
  refuseRefund,
  rejectReturn,
  requestRefund,
  shipReturn,
  withdrawRefund,
} from "./refund-service.js";

const route = apiRoutes("refunds");

/**
 * After-sale refunds (售后): the buyer's request on a shipped order, and each step either side
 * takes until it is refunded, closed or taken to the platform.
 */
export const refundRoutes: ApiRoutes = async (app) => {
  const changed = async <T>(change: WithDeliveries<T>, msg: string) => {
    await deliverAll(app.hub, change.deliveries);
    return ok(change.data, msg);
  };
  const step = { preValidation: app.rateLimits.tradeActionPerUser };
  const idOf = (params: { id: string }) => Number(params.id);

  app.post(
    "/orders/:id/refund-request",
    route.user(
      {
        example: {
          as: "carol",
          params: { id: demo.firstMade },
          body: {
            kind: "refund_only",
            reason: "not_as_described",
            amountCents: 230_000,
            description: "屏幕有划痕，描述里没有写",
          },
        },
        summary: "申请退款: the buyer of a shipped order asks for a refund (仅退款 or 退货退款), once",
        answer: RefundSchema,
        params: IdParamsSchema,
        body: CreateRefundBodySchema,
      },
      step,
    ),
    async (req) =>
      changed(
        await requestRefund(serviceDeps(app, req), userOf(req).userId, idOf(req.params), req.body),
        "已提交退款申请，等待卖家处理",
      ),
  );

  app.get(
    "/refunds/:id",
    route.user({
      example: { as: "carol", params: { id: demo.firstMade } },
      summary: "A refund request, as its buyer or seller sees it",
      answer: RefundSchema,
      params: IdParamsSchema,
    }),
    async (req) => ok(await refundDetail(serviceDeps(app, req), userOf(req).userId, idOf(req.params))),
  );

  app.post(
    "/refunds/:id/agree",
    route.user(
      {
        example: { as: "alice", params: { id: demo.firstMade }, body: {} },
        summary: "The seller agrees to the refund (a smaller amount offers part; a return needs the address)",
        answer: RefundSchema,
        params: IdParamsSchema,
        body: AgreeRefundBodySchema,
      },
      step,
    ),
    async (req) =>
      changed(
        await agreeRefund(serviceDeps(app, req), userOf(req).userId, idOf(req.params), req.body),
        "已处理退款申请",
      ),
  );

  // The refund the refund-request example asks for, on the order POST /orders's example makes.
  const REFUND = { id: demo.firstMade };
  const withWords = [
    {
      path: "refuse",
      example: { as: "alice", params: REFUND, body: { text: "商品发出前已拍照，屏幕完好" } },
      summary: "The seller refuses, with a reason and photos",
      take: refuseRefund,
      msg: "已拒绝退款",
    },
    {
      path: "reject-return",
      example: { as: "alice", params: REFUND, body: { text: "退回的手机不是我发出的那台" } },
      summary: "The seller says the returned goods came back wrong: the platform rules",
      take: rejectReturn,
      msg: "已反馈退货问题，等待平台处理",
    },
    {
      path: "statement",
      example: { as: "carol", params: REFUND, body: { text: "收到时屏幕就有划痕，见照片" } },
      summary: "Either side's one statement with photos while the platform rules",
      take: addStatement,
      msg: "已补充说明",
    },
  ] as const;
  for (const { path, summary, example, take, msg } of withWords) {
    app.post(
      `/refunds/:id/${path}`,
      route.user({ summary, example, answer: RefundSchema, params: IdParamsSchema, body: RefundWordsBodySchema }, step),
      async (req) => changed(await take(serviceDeps(app, req), userOf(req).userId, idOf(req.params), req.body), msg),
    );
  }

  const byHand = [
    {
      path: "accept",
      example: { as: "carol", params: REFUND },
      summary: "The buyer takes the part the seller offered",
      take: acceptOffer,
      msg: "已接受卖家的方案",
    },
    {
      path: "withdraw",
      example: { as: "carol", params: REFUND },
      summary: "The buyer withdraws the request; the order goes on",
      take: withdrawRefund,
      msg: "已撤销退款申请",
    },
    {
      path: "escalate",
      example: { as: "carol", params: REFUND },
      summary: "Either side asks the platform to rule (平台介入)",
      take: escalateRefund,
      msg: "已申请平台介入",
    },
    {
      path: "receive",
      example: { as: "alice", params: REFUND },
      summary: "The seller has the returned goods back: the buyer is refunded",
      take: receiveReturn,
      msg: "已确认收到退货，货款原路退回",
    },
  ] as const;
  for (const { path, summary, example, take, msg } of byHand) {
    app.post(
      `/refunds/:id/${path}`,
      route.user({ summary, example, answer: RefundSchema, params: IdParamsSchema }, step),
      async (req) => changed(await take(serviceDeps(app, req), userOf(req).userId, idOf(req.params)), msg),
    );
  }

  app.post(
    "/refunds/:id/return",
    route.user(
      {
        example: {
          as: "carol",
          params: { id: demo.firstMade },
          body: { carrier: "SF", trackingNumber: "SF1234567890124" },
        },
        summary: "The buyer ships the goods back, with a tracking number",
        answer: RefundSchema,
        params: IdParamsSchema,
        body: ReturnShippedBodySchema,
      },
      step,
    ),
    async (req) =>
      changed(
        await shipReturn(serviceDeps(app, req), userOf(req).userId, idOf(req.params), req.body),
        "已填写退货单号",
      ),
  );
};
