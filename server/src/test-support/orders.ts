import { randomUUID } from "node:crypto";
import type { Address, Order, OrderDetail, SandboxPayment } from "@xianzhi/contract";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect, vi } from "vitest";
import {
  checkOrdersLedger,
  fireDueOrderTimers,
  pollUnpaidOrders,
  remindOrders,
  settleOrders,
} from "../features/orders/index.js";
import { type SandboxProvider, signedHeaders } from "../features/payments/index.js";
import { serviceDeps } from "../services.js";
import { call, type TestApp } from "./test-app.js";

/** The protected-order calls as a client makes them, and the sandbox provider as a buyer uses it. */

export const ADDRESS = {
  recipientName: "王小明",
  phone: "13812345678",
  region: "上海市 浦东新区",
  street: "世纪大道 100 号 1 室",
};

export async function addAddress(app: FastifyInstance, token: string): Promise<Address> {
  const reply = await call<Address>(app, "POST", "/api/addresses", { token, body: ADDRESS });
  if (reply.code !== 200) throw new Error(`adding an address failed: ${reply.msg}`);
  return reply.data;
}

export function buy(
  app: FastifyInstance,
  token: string,
  body: { goodsId: string; delivery: "shipping" | "meetup"; addressId?: string; amountCents?: number },
) {
  return call<Order>(app, "POST", "/api/orders", { token, body });
}

/** An order that must be made: shipping to a new address of the buyer's unless `meetup`. */
export async function boughtOrder(
  app: FastifyInstance,
  token: string,
  goodsId: string,
  delivery: "shipping" | "meetup" = "shipping",
) {
  const addressId = delivery === "shipping" ? (await addAddress(app, token)).id : undefined;
  const reply = await buy(app, token, { goodsId, delivery, addressId });
  if (reply.code !== 200) throw new Error(`buying failed: ${reply.msg}`);
  return reply.data;
}

export function orderAction(app: FastifyInstance, token: string, orderId: string, action: string, body?: unknown) {
  return call<Order>(app, "POST", `/api/orders/${orderId}/${action}`, { token, body });
}

export async function orderOf(app: FastifyInstance, token: string, orderId: string): Promise<OrderDetail> {
  const reply = await call<OrderDetail>(app, "GET", `/api/orders/${orderId}`, { token });
  if (reply.code !== 200) throw new Error(`reading the order failed: ${reply.msg}`);
  return reply.data;
}

export const sandboxOf = (app: FastifyInstance) => app.payments as SandboxProvider;

/** The sandbox payment behind an order's pay page (/sandbox-pay/<id>). */
export const paymentIdOf = (order: Order) => (order.payUrl ?? "").split("/").pop() as string;

/** The buyer presses 支付 (or 支付失败) on the sandbox's page. */
export function payOnSandbox(app: FastifyInstance, order: Order, mode?: string) {
  return call<SandboxPayment>(app, "POST", `/api/sandbox-pay/${paymentIdOf(order)}/pay`, {
    body: mode ? { mode } : {},
  });
}

/** The sandbox sends the webhooks that are due, now (as its periodic job would). */
export const deliverWebhooks = (app: FastifyInstance) => sandboxOf(app).deliverDueWebhooks(new Date());

/** Pays an order on the sandbox and lets its webhook arrive: the order is paid. */
export async function paidOrder(
  app: FastifyInstance,
  token: string,
  goodsId: string,
  delivery: "shipping" | "meetup" = "shipping",
) {
  const order = await boughtOrder(app, token, goodsId, delivery);
  expect((await payOnSandbox(app, order)).code).toBe(200);
  await deliverWebhooks(app);
  return order;
}

/** The order jobs, run once now, as their periodic runs would. */
export const jobs = {
  timers: (app: FastifyInstance) => fireDueOrderTimers(serviceDeps(app)),
  reminders: (app: FastifyInstance) => remindOrders(serviceDeps(app)),
  poll: (app: FastifyInstance) => pollUnpaidOrders(serviceDeps(app)),
  settle: (app: FastifyInstance) => settleOrders(serviceDeps(app)),
};

/** `npm run ledger:check`'s proof, which every scenario ends with. */
export async function expectLedgerBalanced(app: FastifyInstance) {
  const result = await checkOrdersLedger(serviceDeps(app));
  expect(result.problems).toEqual([]);
  expect(result.ok).toBe(true);
  return result;
}

/** The clock moved `hours` on (only Date: sockets and timers run as they do). */
export function hoursLater(hours: number) {
  const next = Date.now() + hours * 3600 * 1000;
  vi.useFakeTimers({ toFake: ["Date"], now: next });
}

/** After each order scenario: the real clock back, and `npm run ledger:check`'s proof. */
export async function endScenario(app: FastifyInstance) {
  vi.useRealTimers();
  await expectLedgerBalanced(app);
}

/** Xianzhi's number for an order's payment, as the provider knows it. */
export async function paymentRefOf(app: FastifyInstance, orderId: string): Promise<string> {
  const row = await app.db
    .selectFrom("orders")
    .select("paymentRef")
    .where("id", "=", Number(orderId))
    .executeTakeFirstOrThrow();
  return row.paymentRef;
}

/** A webhook as the sandbox sends it (by default a success), signed with `secret` as at `at`. */
export function postSandboxWebhook(
  t: TestApp,
  event: { id?: string; type?: string; paymentRef: string; amountCents: number },
  at = new Date(),
  secret = t.config.payments.sandboxWebhookSecret,
): Promise<LightMyRequestResponse> {
  const id = event.id ?? `evt_${randomUUID()}`;
  const body = JSON.stringify({
    id,
    type: event.type ?? "payment.succeeded",
    paymentRef: event.paymentRef,
    amountCents: event.amountCents,
    occurredAt: at.toISOString(),
  });
  return t.app.inject({
    method: "POST",
    url: "/api/payments/sandbox/webhook",
    headers: signedHeaders(secret, id, body, at),
    payload: body,
  });
}
