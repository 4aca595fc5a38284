import type { Insertable, Selectable } from "kysely";
import type { DbOrTx } from "../../../db/database.js";
import type { SandboxPaymentsTable, SandboxWebhooksTable } from "../../../db/schema.js";

export type SandboxPaymentRow = Selectable<SandboxPaymentsTable>;
export type SandboxWebhookRow = Selectable<SandboxWebhooksTable>;

export async function insertPaymentOnce(db: DbOrTx, payment: Insertable<SandboxPaymentsTable>): Promise<void> {
  await db
    .insertInto("sandboxPayments")
    .values(payment)
    .onConflict((oc) => oc.column("merchantRef").doNothing())
    .execute();
}

export function paymentById(db: DbOrTx, id: string): Promise<SandboxPaymentRow | undefined> {
  return db.selectFrom("sandboxPayments").selectAll().where("id", "=", id).executeTakeFirst();
}

export function paymentByRef(db: DbOrTx, merchantRef: string): Promise<SandboxPaymentRow | undefined> {
  return db.selectFrom("sandboxPayments").selectAll().where("merchantRef", "=", merchantRef).executeTakeFirst();
}

/** Ends a pending payment (paid, failed or closed); false when it was not pending any more. */
export async function endPending(
  db: DbOrTx,
  where: { id: string } | { merchantRef: string },
  change: Partial<Pick<SandboxPaymentRow, "status" | "heldCents" | "paidAt" | "mode">>,
): Promise<boolean> {
  let query = db.updateTable("sandboxPayments").set(change).where("status", "=", "pending");
  query = "id" in where ? query.where("id", "=", where.id) : query.where("merchantRef", "=", where.merchantRef);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Counts the one refund failure a `refund_fails_once` payment owes; true when this call is it.
 * A conditional UPDATE, so two refunds at once fail once between them.
 */
export async function takeRefundFailure(db: DbOrTx, merchantRef: string): Promise<boolean> {
  const result = await db
    .updateTable("sandboxPayments")
    .set((eb) => ({ refundFailures: eb("refundFailures", "+", 1) }))
    .where("merchantRef", "=", merchantRef)
    .where("mode", "=", "refund_fails_once")
    .where("refundFailures", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records an operation by its key; false when the key was taken already (the operation is done). */
export async function insertOperationOnce(
  db: DbOrTx,
  operation: { key: string; paymentId: string; kind: "refund" | "release"; amountCents: number; createdAt: string },
): Promise<boolean> {
  const row = await db
    .insertInto("sandboxOperations")
    .values(operation)
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves money out of a paid payment's hold; false when it holds less than that. */
export async function moveHeld(
  db: DbOrTx,
  paymentId: string,
  kind: "refund" | "release",
  amountCents: number,
): Promise<boolean> {
  const result = await db
    .updateTable("sandboxPayments")
    .set((eb) => ({
      heldCents: eb("heldCents", "-", amountCents),
      ...(kind === "refund"
        ? { refundedCents: eb("refundedCents", "+", amountCents) }
        : { releasedCents: eb("releasedCents", "+", amountCents) }),
    }))
    .where("id", "=", paymentId)
    .where("status", "=", "succeeded")
    .where("heldCents", ">=", amountCents)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function sumHeld(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom("sandboxPayments")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("heldCents"), eb.lit(0)).as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertWebhooks(db: DbOrTx, webhooks: Insertable<SandboxWebhooksTable>[]): Promise<void> {
  if (webhooks.length > 0) await db.insertInto("sandboxWebhooks").values(webhooks).execute();
}

/** Webhooks owed and due, oldest first; those given up on (`attemptsMax` reached) are left out. */
export function dueWebhooks(db: DbOrTx, now: string, attemptsMax: number, limit: number): Promise<SandboxWebhookRow[]> {
  return db
    .selectFrom("sandboxWebhooks")
    .selectAll()
    .where("deliveredAt", "is", null)
    .where("dueAt", "<=", now)
    .where("attempts", "<", attemptsMax)
    .orderBy("dueAt")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/**
 * Takes a webhook for one delivery attempt: counts the attempt and moves it out of reach until
 * `leaseUntil` (when a deliverer that died while sending is taken over). Conditional on the row
 * being as it was read, so of two deliverers that read it at once, one takes it.
 */
export async function claimWebhook(db: DbOrTx, seen: SandboxWebhookRow, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable("sandboxWebhooks")
    .set({ attempts: seen.attempts + 1, dueAt: leaseUntil })
    .where("id", "=", seen.id)
    .where("deliveredAt", "is", null)
    .where("attempts", "=", seen.attempts)
    .where("dueAt", "=", seen.dueAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The outcome of the attempt a deliverer claimed (`attempts` as its claim set it): a later claim's is left alone. */
export async function markDelivered(db: DbOrTx, claimed: { id: number; attempts: number }, deliveredAt: string) {
  await db
    .updateTable("sandboxWebhooks")
    .set({ deliveredAt, lastError: null })
    .where("id", "=", claimed.id)
    .where("attempts", "=", claimed.attempts)
    .execute();
}

export async function markFailed(
  db: DbOrTx,
  claimed: { id: number; attempts: number },
  lastError: string,
  retryAt: string,
): Promise<void> {
  await db
    .updateTable("sandboxWebhooks")
    .set({ lastError, dueAt: retryAt })
    .where("id", "=", claimed.id)
    .where("attempts", "=", claimed.attempts)
    .where("deliveredAt", "is", null)
    .execute();
}

/** What the sandbox moved between `from` and `to`: payments taken, and refunds and releases made. */
export async function movementsBetween(db: DbOrTx, from: string, to: string) {
  const [payments, operations] = await Promise.all([
    db
      .selectFrom("sandboxPayments")
      .select(["id", "merchantRef", "amountCents", "paidAt"])
      .where("paidAt", ">=", from)
      .where("paidAt", "<", to)
      .execute(),
    db
      .selectFrom("sandboxOperations")
      .innerJoin("sandboxPayments", "sandboxPayments.id", "sandboxOperations.paymentId")
      .select([
        "sandboxOperations.key",
        "sandboxOperations.kind",
        "sandboxOperations.amountCents",
        "sandboxOperations.createdAt",
        "sandboxPayments.merchantRef",
      ])
      .where("sandboxOperations.createdAt", ">=", from)
      .where("sandboxOperations.createdAt", "<", to)
      .execute(),
  ]);
  return { payments, operations };
}
