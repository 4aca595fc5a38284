import type { DbOrTx } from "../../db/database.js";
import { preparedQuery } from "../../db/prepared-query.js";

export async function insertSession(
  db: DbOrTx,
  session: { userId: number; tokenHash: string; now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto("sessions")
    .values({
      userId: session.userId,
      tokenHash: session.tokenHash,
      createdAt: session.now,
      expiresAt: session.expiresAt,
    })
    .execute();
}

/** Every signed-in request asks this first: prepared once. */
const liveSession = preparedQuery<{ tokenHash: string; now: string }, { id: number; userId: number }>((db, slot) =>
  db
    .selectFrom("sessions")
    .select(["id", "userId"])
    .where("tokenHash", "=", slot("tokenHash"))
    .where("expiresAt", ">", slot("now")),
);

export async function findLiveSession(db: DbOrTx, tokenHash: string, now: string) {
  const [session] = await liveSession.execute(db, { tokenHash, now });
  return session;
}

/** Ends every session of a user but the one named (a password change keeps the caller signed in). */
export async function deleteSessionsOfUser(db: DbOrTx, userId: number, exceptSessionId?: number): Promise<void> {
  let query = db.deleteFrom("sessions").where("userId", "=", userId);
  if (exceptSessionId !== undefined) query = query.where("id", "!=", exceptSessionId);
  await query.execute();
}

export async function deleteSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

/** Which of these sessions are still live. */
export async function liveSessionIds(db: DbOrTx, sessionIds: number[], now: string): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("sessions")
    .select("id")
    .where("id", "in", sessionIds)
    .where("expiresAt", ">", now)
    .execute();
  return new Set(rows.map((row) => row.id as number));
}
