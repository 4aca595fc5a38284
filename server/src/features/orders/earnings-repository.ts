import { type Expression, type SqlBool, sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import { ACCOUNT_PREFIXES, accounts } from "../ledger/index.js";

/** The sum of the postings the condition picks, as a column. */
function sumWhere(condition: Expression<SqlBool>) {
  return sql<number | string>`coalesce(sum(case when ${condition} then ledger_postings.amount_cents else 0 end), 0)`;
}

const accountStarts = (prefix: string) => sql<SqlBool>`ledger_postings.account like ${`${prefix}%`}`;

/**
 * The postings of orders' ledger transactions, summed by what they are to the seller: still held
 * by the provider, released to the seller, refunded to the buyer, taken as the platform's fee.
 * An order's transactions post only to its own held account, its seller and its buyer.
 */
function ledgerOfOrders(db: DbOrTx) {
  return db
    .selectFrom("ledgerPostings")
    .innerJoin("ledgerTransactions", "ledgerTransactions.id", "ledgerPostings.transactionId")
    .innerJoin("orders", "orders.id", "ledgerTransactions.orderId")
    .select([
      sumWhere(accountStarts(ACCOUNT_PREFIXES.held)).as("held"),
      sumWhere(accountStarts(ACCOUNT_PREFIXES.released)).as("released"),
      sumWhere(accountStarts(ACCOUNT_PREFIXES.refunded)).as("refunded"),
      sumWhere(sql<SqlBool>`ledger_postings.account = ${accounts.platformFees}`).as("fee"),
    ]);
}

export interface LedgerFigures {
  held: number | string;
  released: number | string;
  refunded: number | string;
  fee: number | string;
}

/** What the ledger holds, released, refunded and took in fees over all the seller's orders. */
export function sellerTotals(db: DbOrTx, sellerId: number): Promise<LedgerFigures> {
  return ledgerOfOrders(db).where("orders.sellerId", "=", sellerId).executeTakeFirstOrThrow();
}

/** The same per order, for the orders named. */
export function figuresByOrder(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return ledgerOfOrders(db)
    .select("orders.id as orderId")
    .where("orders.id", "in", orderIds)
    .groupBy("orders.id")
    .execute();
}

/** The seller's orders that were paid, newest first: the rows of 我的收入. */
export function paidOrdersOf(db: DbOrTx, sellerId: number, window: { limit: number; offset: number }) {
  return db
    .selectFrom("orders")
    .leftJoin("goods", "goods.id", "orders.goodsId")
    .select([
      "orders.id",
      "orders.goodsId",
      "orders.goodsTitle",
      "orders.status",
      "orders.priceCents",
      "orders.settlement",
      "orders.paidAt",
      "orders.completedAt",
      "goods.status as goodsStatus",
    ])
    .where("orders.sellerId", "=", sellerId)
    .where("orders.paidAt", "is not", null)
    .orderBy("orders.id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countPaidOrdersOf(db: DbOrTx, sellerId: number): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("sellerId", "=", sellerId)
    .where("paidAt", "is not", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
