import type { EmailPurpose } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";

export async function insertCaptcha(db: DbOrTx, captcha: { id: string; answer: string; expiresAt: string }) {
  await db.insertInto("captchas").values(captcha).execute();
}

/** Deleting as it reads makes a captcha single-use even when two requests race for it. */
export function takeCaptcha(db: DbOrTx, id: string) {
  return db.deleteFrom("captchas").where("id", "=", id).returning(["answer", "expiresAt"]).executeTakeFirst();
}

export async function insertCaptchaTicket(db: DbOrTx, ticket: { ticketHash: string; expiresAt: string }) {
  await db.insertInto("captchaTickets").values(ticket).execute();
}

export async function takeCaptchaTicket(db: DbOrTx, ticketHash: string, now: string): Promise<boolean> {
  const taken = await db
    .deleteFrom("captchaTickets")
    .where("ticketHash", "=", ticketHash)
    .where("expiresAt", ">", now)
    .returning("ticketHash")
    .executeTakeFirst();
  return taken !== undefined;
}

export function latestEmailCode(db: DbOrTx, email: string, purpose: EmailPurpose) {
  return db
    .selectFrom("emailCodes")
    .selectAll()
    .where("email", "=", email)
    .where("purpose", "=", purpose)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** A new code replaces any earlier one for the same address and purpose. */
export async function replaceEmailCode(
  db: DbOrTx,
  code: { email: string; purpose: EmailPurpose; codeHash: string; createdAt: string; expiresAt: string },
): Promise<number> {
  await db.deleteFrom("emailCodes").where("email", "=", code.email).where("purpose", "=", code.purpose).execute();
  const row = await db
    .insertInto("emailCodes")
    .values({ ...code, tries: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteEmailCode(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom("emailCodes").where("id", "=", id).execute();
}

/** Counts a wrong guess; undefined when the code had no tries left (or is gone). */
export async function countWrongGuess(db: DbOrTx, id: number, maxTries: number): Promise<number | undefined> {
  const row = await db
    .updateTable("emailCodes")
    .set((eb) => ({ tries: eb("tries", "+", 1) }))
    .where("id", "=", id)
    .where("tries", "<", maxTries)
    .returning("tries")
    .executeTakeFirst();
  return row?.tries;
}

/** Uses a code up; false when a concurrent guess used its last try or took it first. */
export async function takeEmailCode(db: DbOrTx, id: number, maxTries: number): Promise<boolean> {
  const row = await db
    .deleteFrom("emailCodes")
    .where("id", "=", id)
    .where("tries", "<", maxTries)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertEmailTicket(
  db: DbOrTx,
  ticket: { ticketHash: string; email: string; purpose: EmailPurpose; expiresAt: string },
) {
  await db.insertInto("emailTickets").values(ticket).execute();
}

export async function takeEmailTicket(
  db: DbOrTx,
  ticket: { ticketHash: string; email: string; purpose: EmailPurpose; now: string },
): Promise<boolean> {
  const taken = await db
    .deleteFrom("emailTickets")
    .where("ticketHash", "=", ticket.ticketHash)
    .where("email", "=", ticket.email)
    .where("purpose", "=", ticket.purpose)
    .where("expiresAt", ">", ticket.now)
    .returning("ticketHash")
    .executeTakeFirst();
  return taken !== undefined;
}

/** Expired captchas, tickets (e-mail and two-step), codes and sessions are of no use to anyone; dropping them keeps the tables small. */
export async function purgeExpired(db: DbOrTx, now: string): Promise<void> {
  await db.deleteFrom("captchas").where("expiresAt", "<=", now).execute();
  await db.deleteFrom("captchaTickets").where("expiresAt", "<=", now).execute();
  await db.deleteFrom("emailCodes").where("expiresAt", "<=", now).execute();
  await db.deleteFrom("emailTickets").where("expiresAt", "<=", now).execute();
  await db.deleteFrom("sessions").where("expiresAt", "<=", now).execute();
  await db.deleteFrom("twoStepTickets").where("expiresAt", "<=", now).execute();
  await db.deleteFrom("webauthnChallenges").where("expiresAt", "<=", now).execute();
  await db.deleteFrom("deviceAlerts").where("expiresAt", "<=", now).execute();
}
