import type { DealRole } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";

const sideColumn = (role: DealRole) => (role === "buyer" ? "deals.buyerId" : "deals.sellerId");
const peerColumn = (role: DealRole) => (role === "buyer" ? "deals.sellerId" : "deals.buyerId");

/** The user's deals on one side, newest first, with their goods as they are now and the other side. */
export function dealsOf(db: DbOrTx, userId: number, role: DealRole, window: { limit: number; offset: number }) {
  return db
    .selectFrom("deals")
    .innerJoin("users as peer", "peer.id", peerColumn(role))
    .leftJoin("goods", "goods.id", "deals.goodsId")
    .selectAll("deals")
    .select([
      "peer.username as peerUsername",
      "peer.nickname as peerNickname",
      "peer.avatarUrl as peerAvatarUrl",
      "peer.id as peerId",
      "goods.title as currentTitle",
      "goods.priceCents as currentPriceCents",
      "goods.status as goodsStatus",
    ])
    .where(sideColumn(role), "=", userId)
    .orderBy("deals.id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}
export type DealListRow = Awaited<ReturnType<typeof dealsOf>>[number];

export async function countDealsOf(db: DbOrTx, userId: number, role: DealRole): Promise<number> {
  const row = await db
    .selectFrom("deals")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where(sideColumn(role), "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deals the user completed as the seller: their page's 成交. */
export async function completedSalesOf(db: DbOrTx, sellerId: number): Promise<number> {
  const row = await db
    .selectFrom("deals")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("sellerId", "=", sellerId)
    .where("status", "=", "completed")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
