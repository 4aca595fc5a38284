import type { ChatTrade, Deal, Offer } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { postGoods } from "./goods.js";
import { countRows } from "./route-table.js";
import { type ApiReply, call, type TestApp } from "./test-app.js";

/** The trade calls as a client makes them. */

export function makeOffer(app: FastifyInstance, token: string, goodsId: string, amountCents: number) {
  return call<Offer>(app, "POST", "/api/offers", { token, body: { goodsId, amountCents } });
}

export type OfferAction = "accept" | "decline" | "withdraw";

export function answerOffer(app: FastifyInstance, token: string, offerId: string, action: OfferAction) {
  return call<Offer>(app, "POST", `/api/offers/${offerId}/${action}`, { token });
}

export function counterOffer(app: FastifyInstance, token: string, offerId: string, amountCents: number) {
  return call<Offer>(app, "POST", `/api/offers/${offerId}/counter`, { token, body: { amountCents } });
}

export function endDeal(app: FastifyInstance, token: string, dealId: string, action: "complete" | "cancel") {
  return call<Deal>(app, "POST", `/api/deals/${dealId}/${action}`, { token });
}

export function chatTrade(app: FastifyInstance, token: string, chatId: string): Promise<ApiReply<ChatTrade>> {
  return call<ChatTrade>(app, "GET", `/api/offers?chatId=${chatId}`, { token });
}

/** An offer that must succeed: its data. */
export async function madeOffer(app: FastifyInstance, token: string, goodsId: string, amountCents: number) {
  const reply = await makeOffer(app, token, goodsId, amountCents);
  if (reply.code !== 200) throw new Error(`offer failed: ${reply.msg}`);
  return reply.data;
}

/** The goods' status as their page shows it. */
export async function goodsStatus(app: FastifyInstance, goodsId: string): Promise<string> {
  return (await call(app, "GET", `/api/goods/info/${goodsId}`)).data.status;
}

/** Every row count, and the offers, deals and goods statuses as they are. */
async function tradeSnapshot(t: TestApp) {
  const { db } = t.app;
  return {
    counts: await countRows(db, t.database),
    offers: await db.selectFrom("offers").selectAll().orderBy("id").execute(),
    deals: await db.selectFrom("deals").selectAll().orderBy("id").execute(),
    goods: await db.selectFrom("goods").select(["id", "status", "listed"]).orderBy("id").execute(),
  };
}

/** The request is refused as expected, and the database holds what it held before. */
export async function refusedWithoutWriting(t: TestApp, request: () => Promise<ApiReply>, expected: Partial<ApiReply>) {
  const before = await tradeSnapshot(t);
  expect(await request()).toMatchObject(expected);
  expect(await tradeSnapshot(t)).toEqual(before);
}

/**
 * A deal the buyer and seller went through as people do: an offer, accepted, completed. Answers
 * the deal's id and the goods'.
 */
export async function completedDeal(
  app: FastifyInstance,
  seller: { token: string },
  buyer: { token: string },
  fields: Record<string, unknown> = {},
): Promise<{ dealId: string; goodsId: string }> {
  const goodsId = (await postGoods(app, seller.token, { priceCents: 10000, ...fields })).id;
  const offer = await madeOffer(app, buyer.token, goodsId, 9000);
  const accepted = await answerOffer(app, seller.token, offer.id, "accept");
  const dealId = accepted.data.dealId as string;
  const completed = await endDeal(app, seller.token, dealId, "complete");
  if (completed.code !== 200) throw new Error(`completing the deal failed: ${completed.msg}`);
  return { dealId, goodsId };
}
