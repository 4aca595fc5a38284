import type { Insertable } from "kysely";
import { type DbOrTx, dialectOf } from "../../db/database.js";
import type { ReviewsTable } from "../../db/schema.js";

/**
 * The deal, held until the transaction ends on PostgreSQL: its two reviews are then written one
 * after the other, so the second always sees the first (SQLite runs one transaction at a time).
 */
export function lockedDeal(tx: DbOrTx, dealId: number) {
  const query = tx.selectFrom("deals").selectAll().where("id", "=", dealId);
  return (dialectOf(tx) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
}

/** The new review's id, or undefined when the reviewer has reviewed the deal already. */
export async function insertReview(db: DbOrTx, review: Insertable<ReviewsTable>): Promise<number | undefined> {
  const row = await db
    .insertInto("reviews")
    .values(review)
    .onConflict((oc) => oc.columns(["dealId", "reviewerId"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

/** Shows both reviews of the deal from now: the second side has written theirs. */
export async function revealReviews(db: DbOrTx, dealId: number, now: string): Promise<void> {
  await db.updateTable("reviews").set({ visibleFrom: now }).where("dealId", "=", dealId).execute();
}

export async function countReviewsOfDeal(db: DbOrTx, dealId: number): Promise<number> {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("dealId", "=", dealId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function selectReviews(db: DbOrTx) {
  return db
    .selectFrom("reviews")
    .innerJoin("users as reviewer", "reviewer.id", "reviews.reviewerId")
    .innerJoin("deals", "deals.id", "reviews.dealId")
    .leftJoin("goods", "goods.id", "deals.goodsId")
    .select([
      "reviews.id",
      "reviews.dealId",
      "reviews.reviewerId",
      "reviewer.username as reviewerUsername",
      "reviewer.nickname as reviewerNickname",
      "reviewer.avatarUrl as reviewerAvatarUrl",
      "reviews.revieweeId",
      "reviews.revieweeRole",
      "reviews.rating",
      "reviews.content",
      "reviews.createdAt",
      "reviews.visibleFrom",
      "deals.goodsTitle as dealGoodsTitle",
      "goods.title as goodsTitle",
    ]);
}
export type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>["execute"]>>[number];

export function reviewById(db: DbOrTx, id: number) {
  return selectReviews(db).where("reviews.id", "=", id).executeTakeFirstOrThrow();
}

/** The reviews about the user shown by `now`, newest first. */
export function visibleReviewsOf(db: DbOrTx, userId: number, now: string, window: { limit: number; offset: number }) {
  return selectReviews(db)
    .where("reviews.revieweeId", "=", userId)
    .where("reviews.visibleFrom", "<=", now)
    .orderBy("reviews.id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** How many reviews about the user are shown by `now`, and their average stars. */
export async function ratingOf(db: DbOrTx, userId: number, now: string) {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => [eb.fn.countAll<number | string>().as("count"), eb.fn.avg<number | string>("rating").as("average")])
    .where("revieweeId", "=", userId)
    .where("visibleFrom", "<=", now)
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return { count, average: count === 0 ? null : Number(row.average) };
}

/** Every review of these deals, shown or not: the deals list tells each side what it may see. */
export function reviewsOfDeals(db: DbOrTx, dealIds: number[]) {
  if (dealIds.length === 0) return Promise.resolve([]);
  return selectReviews(db).where("reviews.dealId", "in", dealIds).execute();
}
