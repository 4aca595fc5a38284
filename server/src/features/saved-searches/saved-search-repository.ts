import type { Selectable } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import type { SavedSearchesTable } from "../../db/schema.js";

export type SavedSearchRow = Selectable<SavedSearchesTable>;

export function savedSearchesOf(db: DbOrTx, userId: number) {
  return db.selectFrom("savedSearches").selectAll().where("userId", "=", userId).orderBy("id", "desc").execute();
}

export async function countSavedSearches(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom("savedSearches")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The new row, or undefined when the user already keeps the same criteria. */
export function insertSavedSearch(
  db: DbOrTx,
  search: { userId: number; name: string; criteria: string; createdAt: string },
) {
  return db
    .insertInto("savedSearches")
    .values(search)
    .onConflict((oc) => oc.columns(["userId", "criteria"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function renameSavedSearch(db: DbOrTx, userId: number, id: number, name: string) {
  return db
    .updateTable("savedSearches")
    .set({ name })
    .where("id", "=", id)
    .where("userId", "=", userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSavedSearch(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom("savedSearches")
    .where("id", "=", id)
    .where("userId", "=", userId)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Every saved search, with what matching and batching need. */
export function allSavedSearches(db: DbOrTx) {
  return db
    .selectFrom("savedSearches")
    .select(["id", "userId", "name", "criteria", "notifiedAt", "pendingCount", "pendingGoodsId"])
    .execute();
}

/** Saved searches holding matches not yet told whose quiet hour is over. */
export function pendingSavedSearches(db: DbOrTx, notifiedBefore: string) {
  return db
    .selectFrom("savedSearches")
    .select(["id", "userId", "name", "criteria", "notifiedAt", "pendingCount", "pendingGoodsId"])
    .where("pendingCount", ">", 0)
    .where((eb) => eb.or([eb("notifiedAt", "is", null), eb("notifiedAt", "<", notifiedBefore)]))
    .execute();
}

/**
 * Takes the searches' notices for now: answers those not in their quiet hour and not taken by
 * another process first. Their pending matches are emptied with it (the caller tells them).
 */
export async function claimNotices(db: DbOrTx, ids: number[], quietSince: string, now: string): Promise<Set<number>> {
  const claimed = new Set<number>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .updateTable("savedSearches")
      .set({ notifiedAt: now, pendingCount: 0, pendingGoodsId: null })
      .where("id", "in", ids.slice(start, start + 500))
      .where((eb) => eb.or([eb("notifiedAt", "is", null), eb("notifiedAt", "<", quietSince)]))
      .returning("id")
      .execute();
    for (const row of rows) claimed.add(row.id);
  }
  return claimed;
}

export function addPending(db: DbOrTx, id: number, count: number, newestGoodsId: number) {
  return db
    .updateTable("savedSearches")
    .set((eb) => ({ pendingCount: eb("pendingCount", "+", count), pendingGoodsId: newestGoodsId }))
    .where("id", "=", id)
    .execute();
}

export async function matchCursor(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom("savedSearchCursor")
    .select("lastGoodsId")
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return row.lastGoodsId;
}

/**
 * Moves the cursor from `from` to `to`: false when another process moved it first, so each goods
 * is matched by one process only.
 */
export async function advanceCursor(db: DbOrTx, from: number, to: number): Promise<boolean> {
  const result = await db
    .updateTable("savedSearchCursor")
    .set({ lastGoodsId: to })
    .where("id", "=", 1)
    .where("lastGoodsId", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Goods posted after the cursor and before `postedBefore`, oldest first, with what matching reads. */
export function goodsAfter(db: DbOrTx, afterId: number, postedBefore: string, limit: number) {
  return db
    .selectFrom("goods")
    .select(["id", "sellerId", "title", "description", "priceCents", "category", "condition", "location", "listed"])
    .where("id", ">", afterId)
    .where("createdAt", "<", postedBefore)
    .orderBy("id")
    .limit(limit)
    .execute();
}
export type NewGoodsRow = Awaited<ReturnType<typeof goodsAfter>>[number];
