import { type DbOrTx, dialectOf } from "../../db/database.js";

export interface WebAuthnChallengeRow {
  challenge: string;
  purpose: string;
  sessionId: number | null;
  userId: number | null;
}

export function findPasskeyAccount(db: DbOrTx, userId: number) {
  return db.selectFrom("passkeyAccounts").selectAll().where("userId", "=", userId).executeTakeFirst();
}

/** The account's WebAuthn user handle, made the first time it is asked for. */
export async function userHandleOf(db: DbOrTx, userId: number, newHandle: string): Promise<string> {
  await db
    .insertInto("passkeyAccounts")
    .values({ userId, userHandle: newHandle, passkeyOnlyAt: null })
    .onConflict((oc) => oc.column("userId").doNothing())
    .execute();
  const row = await findPasskeyAccount(db, userId);
  return row?.userHandle ?? newHandle;
}

/**
 * Holds the account's passkey row until the transaction ends (PostgreSQL; SQLite's writers take
 * turns anyway): changes of its passkeys and of 仅通行密钥登录 then see each other.
 */
export async function lockPasskeyAccount(tx: DbOrTx, userId: number): Promise<void> {
  const query = tx.selectFrom("passkeyAccounts").select("userId").where("userId", "=", userId);
  await (dialectOf(tx) === "postgres" ? query.forUpdate() : query).execute();
}

export async function isPasskeyOnly(db: DbOrTx, userId: number): Promise<boolean> {
  return Boolean((await findPasskeyAccount(db, userId))?.passkeyOnlyAt);
}

export async function setPasskeyOnly(db: DbOrTx, userId: number, passkeyOnlyAt: string | null): Promise<void> {
  await db.updateTable("passkeyAccounts").set({ passkeyOnlyAt }).where("userId", "=", userId).execute();
}

/** Turns 仅通行密钥登录 off: false when it was not on (or another request turned it off first). */
export async function endPasskeyOnly(db: DbOrTx, userId: number): Promise<boolean> {
  const result = await db
    .updateTable("passkeyAccounts")
    .set({ passkeyOnlyAt: null })
    .where("userId", "=", userId)
    .where("passkeyOnlyAt", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function passkeysOf(db: DbOrTx, userId: number) {
  return db.selectFrom("passkeys").selectAll().where("userId", "=", userId).orderBy("id", "desc").execute();
}

export async function countPasskeys(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom("passkeys")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPasskeyByCredential(db: DbOrTx, credentialId: string) {
  return db.selectFrom("passkeys").selectAll().where("credentialId", "=", credentialId).executeTakeFirst();
}

/** A checked passkey's key, as kept: its credential id and public key (base64url), counter and device facts. */
export interface PasskeyKey {
  credentialId: string;
  publicKey: string;
  counter: number;
  /** JSON array of the transports the browser reported. */
  transports: string;
  deviceType: string;
  backedUp: boolean;
}

export interface NewPasskey extends PasskeyKey {
  userId: number;
  name: string;
  now: string;
}

export async function insertPasskey(db: DbOrTx, passkey: NewPasskey) {
  const { now, backedUp, ...rest } = passkey;
  return db
    .insertInto("passkeys")
    .values({ ...rest, backedUp: backedUp ? 1 : 0, createdAt: now, lastUsedAt: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Moves the key's counter forward to `counter`: false when another answer of the same key moved
 * it as far or further first (a replay, or a copy of the key).
 */
export async function recordPasskeyUse(
  db: DbOrTx,
  id: number,
  use: { readCounter: number; counter: number; backedUp: boolean; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable("passkeys")
    .set({ counter: use.counter, backedUp: use.backedUp ? 1 : 0, lastUsedAt: use.now })
    .where("id", "=", id)
    // Forward only; a key that counts nothing (synced passkeys answer 0) stays at 0.
    .where((eb) => (use.counter === 0 ? eb("counter", "=", 0) : eb("counter", "<", use.counter)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePasskey(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("passkeys").where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every passkey of the account's, gone (a password reset, a moderator's recovery). */
export async function deletePasskeysOf(db: DbOrTx, userId: number): Promise<void> {
  await db.deleteFrom("passkeys").where("userId", "=", userId).execute();
}

export async function insertChallenge(
  db: DbOrTx,
  row: WebAuthnChallengeRow & { idHash: string; expiresAt: string },
): Promise<void> {
  await db.insertInto("webauthnChallenges").values(row).execute();
}

/** Takes a live challenge out of use: undefined when it is unknown, expired or was taken already. */
export function takeChallenge(db: DbOrTx, idHash: string, now: string): Promise<WebAuthnChallengeRow | undefined> {
  return db
    .deleteFrom("webauthnChallenges")
    .where("idHash", "=", idHash)
    .where("expiresAt", ">", now)
    .returning(["challenge", "purpose", "sessionId", "userId"])
    .executeTakeFirst();
}
