import type { DbOrTx } from "../../db/database.js";
import { preparedQuery, type Slots } from "../../db/prepared-query.js";

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

/** What names a live session: the hash of its token, and the time it must not have expired by. */
export interface SessionKey {
  tokenHash: string;
  now: string;
}

/**
 * The live session of a token, its id and user, as a query a read can add its own columns to:
 * a signed-in read then answers in one round trip instead of two.
 */
export function liveSessionOf<Params extends SessionKey>(db: DbOrTx, slot: Slots<Params>) {
  return db
    .selectFrom("sessions")
    .select(["sessions.id as sessionId", "sessions.userId"])
    .where("sessions.tokenHash", "=", slot("tokenHash"))
    .where("sessions.expiresAt", ">", slot("now"));
}

/** Every signed-in request asks this first: prepared once. */
const liveSession = preparedQuery<SessionKey, { sessionId: number; userId: number }>(liveSessionOf);

export async function findLiveSession(db: DbOrTx, key: SessionKey) {
  const [session] = await liveSession.execute(db, key);
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
