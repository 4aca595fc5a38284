import type { CreateRefundBody, Order, Refund } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { fireDueRefundTimers } from "../features/refunds/index.js";
import { serviceDeps } from "../services.js";
import type { RegisteredUser } from "./accounts.js";
import { postGoods } from "./goods.js";
import { orderAction, orderOf, paidOrder } from "./orders.js";
import { call } from "./test-app.js";

/** A shipped order of `seller`'s goods bought by `buyer` (快递): the one a refund can be asked on. */
export async function shippedOrder(app: FastifyInstance, seller: RegisteredUser, buyer: RegisteredUser) {
  const goods = await postGoods(app, seller.token);
  const order = await paidOrder(app, buyer.token, goods.id);
  const shipped = await orderAction(app, seller.token, order.id, "ship", {
    carrier: "ZTO",
    trackingNumber: "75123456789012",
  });
  expect(shipped.code).toBe(200);
  return { goodsId: goods.id, order: shipped.data as Order };
}

export const refundBody = (overrides: Partial<CreateRefundBody> = {}): CreateRefundBody => ({
  kind: "refund_only",
  reason: "not_as_described",
  amountCents: 50000,
  description: "屏幕有划痕，描述里没写",
  fileIds: [],
  ...overrides,
});

export function askRefund(app: FastifyInstance, token: string, orderId: string, body: unknown) {
  return call<Refund>(app, "POST", `/api/orders/${orderId}/refund-request`, { token, body });
}

/** Asks for a refund and expects it made. */
export async function askedRefund(app: FastifyInstance, token: string, orderId: string, body = refundBody()) {
  const reply = await askRefund(app, token, orderId, body);
  expect(reply.msg).toBe("已提交退款申请，等待卖家处理");
  return reply.data;
}

export function refundAction(app: FastifyInstance, token: string, refundId: string, action: string, body?: unknown) {
  return call<Refund>(app, "POST", `/api/refunds/${refundId}/${action}`, { token, body: body ?? {} });
}

export async function refundOf(app: FastifyInstance, token: string, refundId: string): Promise<Refund> {
  const reply = await call<Refund>(app, "GET", `/api/refunds/${refundId}`, { token });
  expect(reply.code).toBe(200);
  return reply.data;
}

/** A ruling as the console sends it: the moderator's identity proven first (registerUser's password). */
export async function rule(app: FastifyInstance, token: string, refundId: string, body: unknown) {
  await call(app, "POST", "/api/user/proof", { token, body: { password: "secret123" } });
  return call<Refund>(app, "POST", `/api/admin/disputes/${refundId}/ruling`, { token, body });
}

/** The refund timers' job, run once now. */
export const fireRefundTimers = (app: FastifyInstance) => fireDueRefundTimers(serviceDeps(app));

export { orderOf };
