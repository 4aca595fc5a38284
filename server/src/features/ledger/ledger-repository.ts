import { sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import { HELD_PREFIX } from "./ledger-accounts.js";

export interface Posting {
  account: string;
  /** Signed fen: what the account gains (positive) or gives (negative). */
  amountCents: number;
}

export interface LedgerEntry {
  /** The same key posts once: a retried step finds its transaction already there. */
  idempotencyKey: string;
  kind: "pay" | "release" | "refund";
  orderId: number;
  postings: Posting[];
  createdAt: string;
}

/** A transaction whose postings do not sum to zero, or move fractions of a fen, is a bug: refused before writing. */
function requireBalanced(entry: LedgerEntry): void {
  const sum = entry.postings.reduce((total, posting) => total + posting.amountCents, 0);
  if (sum !== 0 || entry.postings.some((posting) => !Number.isSafeInteger(posting.amountCents))) {
    throw new Error(`ledger transaction ${entry.idempotencyKey} does not balance (${sum})`);
  }
}

/**
 * Posts a balanced transaction in the caller's transaction, once per idempotency key: answers its
 * id, the existing one's when the key was posted before (nothing more is written).
 */
export async function post(tx: DbOrTx, entry: LedgerEntry): Promise<number> {
  requireBalanced(entry);
  const existing = await tx
    .selectFrom("ledgerTransactions")
    .select("id")
    .where("idempotencyKey", "=", entry.idempotencyKey)
    .executeTakeFirst();
  if (existing) return existing.id;
  const { id } = await tx
    .insertInto("ledgerTransactions")
    .values({
      idempotencyKey: entry.idempotencyKey,
      kind: entry.kind,
      orderId: entry.orderId,
      createdAt: entry.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await tx
    .insertInto("ledgerPostings")
    .values(entry.postings.map((posting) => ({ transactionId: id, ...posting })))
    .execute();
  return id;
}

/** Transactions whose postings do not sum to zero, or that have none. */
export async function unbalancedTransactions(db: DbOrTx) {
  return db
    .selectFrom("ledgerTransactions as t")
    .leftJoin("ledgerPostings as p", "p.transactionId", "t.id")
    .select(["t.id", "t.idempotencyKey", sql<number>`coalesce(sum(p.amount_cents), 0)`.as("sum")])
    .select((eb) => eb.fn.count<number>("p.id").as("postings"))
    .groupBy(["t.id", "t.idempotencyKey"])
    .having((eb) => eb.or([eb(sql`coalesce(sum(p.amount_cents), 0)`, "!=", 0), eb(eb.fn.count("p.id"), "=", 0)]))
    .execute();
}

/** Each order's held balance, as the ledger says: order id -> fen (only nonzero ones). */
export async function heldByOrder(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("ledgerPostings")
    .select(["account", sql<number>`sum(amount_cents)`.as("balance")])
    .where("account", "like", `${HELD_PREFIX}%`)
    .groupBy("account")
    .execute();
  const held = new Map<number, number>();
  for (const row of rows) {
    const balance = Number(row.balance);
    if (balance !== 0) held.set(Number(row.account.slice(HELD_PREFIX.length)), balance);
  }
  return held;
}

/** An account's balance. */
export async function balanceOf(db: DbOrTx, account: string): Promise<number> {
  const row = await db
    .selectFrom("ledgerPostings")
    .select(sql<number | null>`sum(amount_cents)`.as("balance"))
    .where("account", "=", account)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}
