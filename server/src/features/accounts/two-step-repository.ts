import { TwoStepLimits } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";

export function findTwoStepSecret(db: DbOrTx, userId: number) {
  return db
    .selectFrom("twoStepSecrets")
    .select(["secret", "enabledAt", "failures", "lockedUntil"])
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/** Whether the account's sign-in asks for a code. */
export async function hasTwoStep(db: DbOrTx, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("twoStepSecrets")
    .select("userId")
    .where("userId", "=", userId)
    .where("enabledAt", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Keeps a new secret waiting for its first code, replacing one that waited before; answers false
 * when two-step sign-in is already on (that row stays as it is). One statement, so two set-ups
 * at once leave one secret.
 */
export async function putPendingSecret(db: DbOrTx, userId: number, secret: string, now: string): Promise<boolean> {
  const row = await db
    .insertInto("twoStepSecrets")
    .values({ userId, secret, createdAt: now })
    .onConflict((oc) =>
      oc
        .column("userId")
        .doUpdateSet({ secret, createdAt: now, lastStep: null, failures: 0, lockedUntil: null })
        .where("twoStepSecrets.enabledAt", "is", null),
    )
    .returning("userId")
    .executeTakeFirst();
  return row !== undefined;
}

/** Turns the waiting secret on with the step of its first code; false when it was not waiting. */
export async function enableSecret(db: DbOrTx, userId: number, step: number, now: string): Promise<boolean> {
  const row = await db
    .updateTable("twoStepSecrets")
    .set({ enabledAt: now, lastStep: step })
    .where("userId", "=", userId)
    .where("enabledAt", "is", null)
    .returning("userId")
    .executeTakeFirst();
  return row !== undefined;
}

export async function removeTwoStep(db: DbOrTx, userId: number): Promise<void> {
  await db.deleteFrom("twoStepTickets").where("userId", "=", userId).execute();
  await db.deleteFrom("twoStepRecoveryCodes").where("userId", "=", userId).execute();
  await db.deleteFrom("twoStepSecrets").where("userId", "=", userId).execute();
}

/** Ends an expired lock, once: of two tries that find it ended, one resets the count. */
export async function endLock(db: DbOrTx, userId: number, lockedUntil: string): Promise<void> {
  await db
    .updateTable("twoStepSecrets")
    .set({ failures: 0, lockedUntil: null })
    .where("userId", "=", userId)
    .where("lockedUntil", "=", lockedUntil)
    .execute();
}

/**
 * Counts a try as a failure before its code is checked: answers the count with it, or undefined
 * when the limit was already reached (by tries in flight too), so parallel guesses cannot pass it.
 */
export async function claimTry(db: DbOrTx, userId: number): Promise<number | undefined> {
  const row = await db
    .updateTable("twoStepSecrets")
    .set((eb) => ({ failures: eb("failures", "+", 1) }))
    .where("userId", "=", userId)
    .where("enabledAt", "is not", null)
    .where("lockedUntil", "is", null)
    .where("failures", "<", TwoStepLimits.failuresBeforeLock)
    .returning("failures")
    .executeTakeFirst();
  return row?.failures;
}

export async function lockSecondStep(db: DbOrTx, userId: number, until: string): Promise<void> {
  await db
    .updateTable("twoStepSecrets")
    .set({ lockedUntil: until })
    .where("userId", "=", userId)
    .where("lockedUntil", "is", null)
    .execute();
}

/** Spends a code's step: false when this step or a later one was accepted already (a replay). */
export async function spendStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable("twoStepSecrets")
    .set({ lastStep: step, failures: 0 })
    .where("userId", "=", userId)
    .where((eb) => eb.or([eb("lastStep", "is", null), eb("lastStep", "<", step)]))
    .returning("userId")
    .executeTakeFirst();
  return row !== undefined;
}

export async function forgetFailures(db: DbOrTx, userId: number): Promise<void> {
  await db.updateTable("twoStepSecrets").set({ failures: 0 }).where("userId", "=", userId).execute();
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: number, codeHashes: string[]): Promise<void> {
  await db.deleteFrom("twoStepRecoveryCodes").where("userId", "=", userId).execute();
  await db
    .insertInto("twoStepRecoveryCodes")
    .values(codeHashes.map((codeHash) => ({ userId, codeHash })))
    .execute();
}

/** Marks an unused recovery code used: false when there is no such unused code. */
export async function spendRecoveryCode(db: DbOrTx, userId: number, codeHash: string, now: string) {
  const row = await db
    .updateTable("twoStepRecoveryCodes")
    .set({ usedAt: now })
    .where("userId", "=", userId)
    .where("codeHash", "=", codeHash)
    .where("usedAt", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function wasRecoveryCodeUsed(db: DbOrTx, userId: number, codeHash: string): Promise<boolean> {
  const row = await db
    .selectFrom("twoStepRecoveryCodes")
    .select("id")
    .where("userId", "=", userId)
    .where("codeHash", "=", codeHash)
    .where("usedAt", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function unusedRecoveryCodes(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom("twoStepRecoveryCodes")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertTicket(db: DbOrTx, ticket: { ticketHash: string; userId: number; expiresAt: string }) {
  await db.insertInto("twoStepTickets").values(ticket).execute();
}

export function findLiveTicket(db: DbOrTx, ticketHash: string, now: string) {
  return db
    .selectFrom("twoStepTickets")
    .select("userId")
    .where("ticketHash", "=", ticketHash)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
}

/** Takes the ticket out of use: false when another request took it first. */
export async function takeTicket(db: DbOrTx, ticketHash: string, now: string): Promise<boolean> {
  const row = await db
    .deleteFrom("twoStepTickets")
    .where("ticketHash", "=", ticketHash)
    .where("expiresAt", ">", now)
    .returning("userId")
    .executeTakeFirst();
  return row !== undefined;
}
