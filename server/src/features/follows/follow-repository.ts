import type { DbOrTx } from "../../db/database.js";
import type { ListWindow } from "../goods/index.js";

/** True when the follow is new. */
export async function insertFollow(db: DbOrTx, followerId: number, sellerId: number, createdAt: string) {
  const row = await db
    .insertInto("follows")
    .values({ followerId, sellerId, createdAt })
    .onConflict((oc) => oc.columns(["followerId", "sellerId"]).doNothing())
    .returning("sellerId")
    .executeTakeFirst();
  return row !== undefined;
}

/** True when there was a follow to remove. */
export async function deleteFollow(db: DbOrTx, followerId: number, sellerId: number) {
  const row = await db
    .deleteFrom("follows")
    .where("followerId", "=", followerId)
    .where("sellerId", "=", sellerId)
    .returning("sellerId")
    .executeTakeFirst();
  return row !== undefined;
}

export async function isFollowing(db: DbOrTx, followerId: number, sellerId: number): Promise<boolean> {
  const row = await db
    .selectFrom("follows")
    .select("sellerId")
    .where("followerId", "=", followerId)
    .where("sellerId", "=", sellerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many follow the user, and how many the user follows. */
export async function followCounts(db: DbOrTx, userId: number) {
  const count = (column: "sellerId" | "followerId") =>
    db
      .selectFrom("follows")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where(column, "=", userId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const [followerCount, followingCount] = await Promise.all([count("sellerId"), count("followerId")]);
  return { followerCount, followingCount };
}

/** The sellers the user follows, newest follow first. */
export function followedSellers(db: DbOrTx, followerId: number, window: { limit: number; offset: number }) {
  return db
    .selectFrom("follows")
    .innerJoin("users", "users.id", "follows.sellerId")
    .select(["users.id", "users.username", "users.nickname", "users.avatarUrl", "follows.createdAt"])
    .where("follows.followerId", "=", followerId)
    .orderBy("follows.createdAt", "desc")
    .orderBy("follows.sellerId", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/**
 * Listed goods of the sellers the user follows, newest first, and how many there are: a page by
 * its offset, or the one after a cursor's id (one row more is read, to tell whether more follow).
 */
export async function followedGoodsIds(db: DbOrTx, followerId: number, window: ListWindow) {
  const base = db
    .selectFrom("goods")
    .where("goods.listed", "=", 1)
    .where("goods.sellerId", "in", (eb) =>
      eb.selectFrom("follows").select("follows.sellerId").where("follows.followerId", "=", followerId),
    );
  const newest = base.select("goods.id").orderBy("goods.id", "desc");
  const page =
    "after" in window
      ? newest.where("goods.id", "<", window.after.id).limit(window.limit + 1)
      : newest.limit(window.limit).offset(window.offset);
  const [rows, count] = await Promise.all([
    page.execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  const ids = rows.slice(0, window.limit).map((row) => row.id);
  const more = "after" in window ? rows.length > window.limit : window.offset + window.limit < total;
  return { ids, total, more };
}
