import { type DbOrTx, dialectOf } from "./database.js";

/**
 * Holds the user's row until the transaction ends, so that one write at a time checks and adds to
 * what the user may only have so much of (picture storage, saved searches). SQLite needs no lock:
 * its one connection runs one transaction at a time. NO KEY UPDATE leaves rows that merely
 * reference the user (goods, comments) free to be written. A database matter several features
 * share, so it lives with the database rather than in accounts, which pictures would then import.
 */
export async function lockUser(tx: DbOrTx, userId: number): Promise<void> {
  if (dialectOf(tx) === "sqlite") return;
  await tx.selectFrom("users").select("id").where("id", "=", userId).forNoKeyUpdate().execute();
}
