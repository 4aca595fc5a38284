import type { Insertable } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import type { ReconciliationMismatchesTable, ReconciliationsTable } from "../../db/schema.js";
import type { MovementKind } from "../payments/index.js";

/** A movement of held money as the ledger has it: one ledger transaction of an order's payment. */
export interface LedgerMovement {
  kind: MovementKind;
  paymentRef: string;
  orderId: number;
  amountCents: number;
}

/** Payment numbers asked for in one statement: well inside both databases' limits on parameters. */
const CHUNK = 500;

/** A transaction's amount: what its postings move, counted once (they sum to zero). */
function movementsQuery(db: DbOrTx, kinds: readonly MovementKind[]) {
  return db
    .selectFrom("ledgerTransactions")
    .innerJoin("orders", "orders.id", "ledgerTransactions.orderId")
    .innerJoin("ledgerPostings", "ledgerPostings.transactionId", "ledgerTransactions.id")
    .select(["ledgerTransactions.kind", "orders.paymentRef", "orders.id as orderId"])
    .select((eb) =>
      eb.fn
        .sum<number | string>(
          eb.case().when("ledgerPostings.amountCents", ">", 0).then(eb.ref("ledgerPostings.amountCents")).else(0).end(),
        )
        .as("amountCents"),
    )
    .where("ledgerTransactions.kind", "in", [...kinds])
    .groupBy(["ledgerTransactions.id", "ledgerTransactions.kind", "orders.paymentRef", "orders.id"]);
}

const toMovement = (row: { kind: string; paymentRef: string; orderId: number; amountCents: number | string }) => ({
  kind: row.kind as MovementKind,
  paymentRef: row.paymentRef,
  orderId: row.orderId,
  amountCents: Number(row.amountCents),
});

/** The ledger's movements of these kinds recorded between `from` and `to`. */
export async function ledgerMovementsBetween(
  db: DbOrTx,
  from: string,
  to: string,
  kinds: readonly MovementKind[],
): Promise<LedgerMovement[]> {
  const rows = await movementsQuery(db, kinds)
    .where("ledgerTransactions.createdAt", ">=", from)
    .where("ledgerTransactions.createdAt", "<", to)
    .execute();
  return rows.map(toMovement);
}

/** The ledger's movements of these kinds of these payments, whenever recorded. */
export async function ledgerMovementsOf(
  db: DbOrTx,
  paymentRefs: string[],
  kinds: readonly MovementKind[],
): Promise<LedgerMovement[]> {
  const found: LedgerMovement[] = [];
  const unique = [...new Set(paymentRefs)];
  for (let start = 0; start < unique.length; start += CHUNK) {
    const rows = await movementsQuery(db, kinds)
      .where("orders.paymentRef", "in", unique.slice(start, start + CHUNK))
      .execute();
    found.push(...rows.map(toMovement));
  }
  return found;
}

/** Replaces the day's result: a day run again (by hand) keeps only its newest comparison. */
export async function saveReconciliation(
  tx: DbOrTx,
  day: Insertable<ReconciliationsTable>,
  mismatches: Omit<Insertable<ReconciliationMismatchesTable>, "day">[],
): Promise<void> {
  await tx.deleteFrom("reconciliationMismatches").where("day", "=", day.day).execute();
  await tx.deleteFrom("reconciliations").where("day", "=", day.day).execute();
  await tx.insertInto("reconciliations").values(day).execute();
  if (mismatches.length > 0) {
    await tx
      .insertInto("reconciliationMismatches")
      .values(mismatches.map((mismatch) => ({ ...mismatch, day: day.day })))
      .execute();
  }
}

export function isReconciled(db: DbOrTx, day: string) {
  return db.selectFrom("reconciliations").select("day").where("day", "=", day).executeTakeFirst();
}

/** The newest reconciled days, and their mismatches with the order of each payment. */
export async function recentReconciliations(db: DbOrTx, days: number) {
  const rows = await db.selectFrom("reconciliations").selectAll().orderBy("day", "desc").limit(days).execute();
  const mismatches =
    rows.length === 0
      ? []
      : await db
          .selectFrom("reconciliationMismatches")
          .leftJoin("orders", "orders.paymentRef", "reconciliationMismatches.paymentRef")
          .select([
            "reconciliationMismatches.day",
            "reconciliationMismatches.kind",
            "reconciliationMismatches.paymentRef",
            "reconciliationMismatches.problem",
            "reconciliationMismatches.ledgerCents",
            "reconciliationMismatches.providerCents",
            "orders.id as orderId",
          ])
          .where(
            "reconciliationMismatches.day",
            "in",
            rows.map((row) => row.day),
          )
          .orderBy("reconciliationMismatches.id")
          .execute();
  return { rows, mismatches };
}

/** Mismatches of the newest `days` reconciled days (what the console lists), for /metrics. */
export async function recentMismatchCount(db: DbOrTx, days: number): Promise<number> {
  const rows = await db.selectFrom("reconciliations").select("mismatched").orderBy("day", "desc").limit(days).execute();
  return rows.reduce((sum, row) => sum + row.mismatched, 0);
}
