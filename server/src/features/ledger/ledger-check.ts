import type { DbOrTx } from "../../db/database.js";
import { heldByOrder, unbalancedTransactions } from "./ledger-repository.js";

export interface LedgerCheckInput {
  /** What the orders say the provider should hold: each paid order not yet released or refunded, by id. */
  expectedHeld: Map<number, number>;
  /** What the provider itself reports holding; null when it offers no such query. */
  providerHeldCents: number | null;
}

export interface LedgerCheckResult {
  ok: boolean;
  /** What the ledger says the provider holds, in fen. */
  ledgerHeldCents: number;
  expectedHeldCents: number;
  providerHeldCents: number | null;
  transactions: number;
  problems: string[];
}

const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

/**
 * The ledger's invariants (`npm run ledger:check`): every transaction balances; what it says is
 * held for each order is what that order's state says; their sum is what the provider reports.
 */
export async function checkLedger(db: DbOrTx, input: LedgerCheckInput): Promise<LedgerCheckResult> {
  const problems: string[] = [];
  for (const row of await unbalancedTransactions(db)) {
    problems.push(`transaction ${row.idempotencyKey} sums to ${row.sum} over ${row.postings} postings`);
  }
  const held = await heldByOrder(db);
  for (const orderId of new Set([...held.keys(), ...input.expectedHeld.keys()])) {
    const ledger = held.get(orderId) ?? 0;
    const expected = input.expectedHeld.get(orderId) ?? 0;
    if (ledger !== expected) problems.push(`order ${orderId}: the ledger holds ${ledger}, its state says ${expected}`);
  }
  const ledgerHeldCents = sum(held.values());
  const expectedHeldCents = sum(input.expectedHeld.values());
  if (input.providerHeldCents !== null && input.providerHeldCents !== ledgerHeldCents) {
    problems.push(`the provider holds ${input.providerHeldCents}, the ledger says ${ledgerHeldCents}`);
  }
  const { count } = await db
    .selectFrom("ledgerTransactions")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return {
    ok: problems.length === 0,
    ledgerHeldCents,
    expectedHeldCents,
    providerHeldCents: input.providerHeldCents,
    transactions: Number(count),
    problems,
  };
}
