import type { Insertable, Selectable, Updateable } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import type { RefundsTable, RefundWordsTable } from "../../db/schema.js";

export type RefundRow = Selectable<RefundsTable>;
export type RefundWordsRow = Selectable<RefundWordsTable>;

export function insertRefund(db: DbOrTx, refund: Insertable<RefundsTable>): Promise<RefundRow> {
  return db.insertInto("refunds").values(refund).returningAll().executeTakeFirstOrThrow();
}

export function findRefund(db: DbOrTx, id: number): Promise<RefundRow | undefined> {
  return db.selectFrom("refunds").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Moves a request on if it is still in one of the states `from` (and, for a timer, the same timer
 * is still due): answers it when it changed. Of two steps at the same moment (agree and withdraw,
 * two rulings, a click and a timer) one finds it where it was.
 */
export function moveRefund(
  db: DbOrTx,
  id: number,
  from: readonly string[],
  changes: Updateable<RefundsTable>,
  guard: { dueTransition?: string; dueBy?: string } = {},
): Promise<RefundRow | undefined> {
  let query = db.updateTable("refunds").set(changes).where("id", "=", id).where("status", "in", from);
  if (guard.dueTransition !== undefined) query = query.where("dueTransition", "=", guard.dueTransition);
  if (guard.dueBy !== undefined) query = query.where("dueAt", "<=", guard.dueBy);
  return query.returningAll().executeTakeFirst();
}

export async function insertWords(db: DbOrTx, words: Insertable<RefundWordsTable>): Promise<void> {
  await db.insertInto("refundWords").values(words).execute();
}

export function wordsOf(db: DbOrTx, refundId: number): Promise<RefundWordsRow[]> {
  return db.selectFrom("refundWords").selectAll().where("refundId", "=", refundId).orderBy("id").execute();
}

/** Of `fileIds`, those that are uploads of the user's. */
export async function ownUploads(db: DbOrTx, userId: number, fileIds: readonly string[]): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("pictures")
    .select("fileId")
    .where("ownerId", "=", userId)
    .where("fileId", "in", [...fileIds])
    .execute();
  return new Set(rows.map((row) => row.fileId));
}

/** Keeps the pictures as the refund's evidence: the unused-upload purge leaves them. */
export async function keepPictures(db: DbOrTx, refundId: number, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .insertInto("refundPictures")
    .values(fileIds.map((fileId) => ({ fileId, refundId })))
    .onConflict((conflict) => conflict.column("fileId").doNothing())
    .execute();
}

/** Requests whose timer is due, oldest deadline first. */
export function dueRefunds(db: DbOrTx, now: string, limit: number): Promise<RefundRow[]> {
  return db
    .selectFrom("refunds")
    .selectAll()
    .where("dueAt", "is not", null)
    .where("dueAt", "<=", now)
    .orderBy("dueAt")
    .limit(limit)
    .execute();
}

/** Disputes waiting for a ruling, oldest first, with their order and both sides. */
export function waitingDisputes(db: DbOrTx, limit: number) {
  return db
    .selectFrom("refunds")
    .innerJoin("orders", "orders.id", "refunds.orderId")
    .innerJoin("users as buyer", "buyer.id", "refunds.buyerId")
    .innerJoin("users as seller", "seller.id", "refunds.sellerId")
    .select([
      "refunds.id",
      "refunds.orderId",
      "refunds.kind",
      "refunds.amountCents",
      "refunds.disputedAt",
      "orders.goodsTitle",
      "orders.totalCents",
      "buyer.id as buyerId",
      "buyer.username as buyerUsername",
      "buyer.nickname as buyerNickname",
      "buyer.avatarUrl as buyerAvatarUrl",
      "seller.id as sellerId",
      "seller.username as sellerUsername",
      "seller.nickname as sellerNickname",
      "seller.avatarUrl as sellerAvatarUrl",
    ])
    .where("refunds.status", "=", "disputed")
    .orderBy("refunds.disputedAt")
    .orderBy("refunds.id")
    .limit(limit)
    .execute();
}

export async function countOverdueDisputes(db: DbOrTx, before: string): Promise<number> {
  const row = await db
    .selectFrom("refunds")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "disputed")
    .where("disputedAt", "<=", before)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const count = (row: { n: number | string } | undefined) => Number(row?.n ?? 0);

/** A user's record as a moderator weighs it: protected trades done, refunds, disputes won and lost. */
export async function tradeHistoryOf(db: DbOrTx, userId: number) {
  const completed = await db
    .selectFrom("orders")
    .select((eb) => [
      eb.fn.countAll<number | string>().filterWhere("sellerId", "=", userId).as("sales"),
      eb.fn.countAll<number | string>().filterWhere("buyerId", "=", userId).as("purchases"),
    ])
    .where("status", "=", "completed")
    .where((eb) => eb.or([eb("sellerId", "=", userId), eb("buyerId", "=", userId)]))
    .executeTakeFirst();
  const refunds = await db
    .selectFrom("refunds")
    .select(["buyerId", "ruling"])
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where((eb) => eb.or([eb("sellerId", "=", userId), eb("buyerId", "=", userId)]))
    .groupBy(["buyerId", "ruling"])
    .execute();
  const sum = (match: (row: (typeof refunds)[number]) => boolean) =>
    refunds.filter(match).reduce((total, row) => total + Number(row.n), 0);
  // A full refund is the buyer's win, a release the seller's; a split is neither's.
  const won = (row: (typeof refunds)[number]) =>
    (row.ruling === "refund" && row.buyerId === userId) || (row.ruling === "release" && row.buyerId !== userId);
  const lost = (row: (typeof refunds)[number]) =>
    (row.ruling === "release" && row.buyerId === userId) || (row.ruling === "refund" && row.buyerId !== userId);
  return {
    completedSales: count(completed ? { n: completed.sales } : undefined),
    completedPurchases: count(completed ? { n: completed.purchases } : undefined),
    refunds: sum(() => true),
    disputesWon: sum(won),
    disputesLost: sum(lost),
  };
}

/** The chat between the two, the last `limit` lines, oldest first. */
export async function chatLines(db: DbOrTx, chatId: number | null, limit: number) {
  if (chatId === null) return [];
  const rows = await db
    .selectFrom("messages")
    .select(["senderId", "type", "content", "createdAt", "id"])
    .where("chatId", "=", chatId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** A seller's refund requests and disputes, for the seller page's rates. */
export async function refundCountsOf(db: DbOrTx, sellerId: number) {
  const row = await db
    .selectFrom("refunds")
    .select((eb) => [
      eb.fn.countAll<number | string>().filterWhere("status", "=", "refunded").as("refunded"),
      eb.fn.countAll<number | string>().filterWhere("disputedAt", "is not", null).as("disputed"),
    ])
    .where("sellerId", "=", sellerId)
    .executeTakeFirst();
  return { refunded: Number(row?.refunded ?? 0), disputed: Number(row?.disputed ?? 0) };
}
