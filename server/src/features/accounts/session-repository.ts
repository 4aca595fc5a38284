import type { DbOrTx } from "../../db/database.js";
import { preparedQuery, type Slots } from "../../db/prepared-query.js";

/** Where a session signs in from: the client's User-Agent and network address, and its device cookie. */
export interface SessionClient {
  userAgent: string;
  ip: string;
  /** The device cookie the browser sent (新设备登录提醒); null from a client that keeps none. */
  deviceToken?: string | null;
}

export async function insertSession(
  db: DbOrTx,
  session: { userId: number; tokenHash: string; now: string; expiresAt: string; client?: SessionClient },
): Promise<number> {
  const row = await db
    .insertInto("sessions")
    .values({
      userId: session.userId,
      tokenHash: session.tokenHash,
      createdAt: session.now,
      expiresAt: session.expiresAt,
      userAgent: session.client?.userAgent ?? "",
      ip: session.client?.ip ?? "",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
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
const liveSession = preparedQuery<SessionKey, { sessionId: number; userId: number; seenAt: string }>((db, slot) =>
  liveSessionOf(db, slot).select((eb) => eb.fn.coalesce("sessions.lastSeenAt", "sessions.createdAt").as("seenAt")),
);

export async function findLiveSession(db: DbOrTx, key: SessionKey) {
  const [session] = await liveSession.execute(db, key);
  return session;
}

/**
 * Ends every session of a user but the one named (a password change keeps the caller signed in);
 * answers how many ended.
 */
export async function deleteSessionsOfUser(db: DbOrTx, userId: number, exceptSessionId?: number): Promise<number> {
  let query = db.deleteFrom("sessions").where("userId", "=", userId);
  if (exceptSessionId !== undefined) query = query.where("id", "!=", exceptSessionId);
  return Number((await query.executeTakeFirst()).numDeletedRows);
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

/** Marks a session used now, unless another request did since `seenBefore`. */
export async function touchSession(db: DbOrTx, sessionId: number, now: string, seenBefore: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ lastSeenAt: now })
    .where("id", "=", sessionId)
    .where((eb) => eb.or([eb("lastSeenAt", "is", null), eb("lastSeenAt", "<", seenBefore)]))
    .execute();
}

/** The user's live sessions, the most recently used first. */
export function liveSessionsOfUser(db: DbOrTx, userId: number, now: string) {
  return db
    .selectFrom("sessions")
    .select(["id", "userAgent", "ip", "createdAt", "lastSeenAt"])
    .where("userId", "=", userId)
    .where("expiresAt", ">", now)
    .orderBy((eb) => eb.fn.coalesce("lastSeenAt", "createdAt"), "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Ends one session of the user's; false when the user has no such session. */
export async function deleteSessionOfUser(db: DbOrTx, userId: number, sessionId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("sessions")
    .where("id", "=", sessionId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Notes that the session's user proved it is them, now, and how (身份验证). */
export async function markSessionProven(db: DbOrTx, sessionId: number, now: string, by: string): Promise<void> {
  await db.updateTable("sessions").set({ provenAt: now, provenBy: by }).where("id", "=", sessionId).execute();
}

/** When and how the session's user last proved it is them; nulls when not since it began. */
export async function sessionProof(
  db: DbOrTx,
  sessionId: number,
): Promise<{ provenAt: string | null; provenBy: string | null }> {
  const row = await db
    .selectFrom("sessions")
    .select(["provenAt", "provenBy"])
    .where("id", "=", sessionId)
    .executeTakeFirst();
  return { provenAt: row?.provenAt ?? null, provenBy: row?.provenBy ?? null };
}
