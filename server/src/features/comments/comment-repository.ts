import type { DbOrTx } from "../../db/database.js";

export function findComment(db: DbOrTx, id: number) {
  return db.selectFrom("comments").select(["id", "goodsId", "userId"]).where("id", "=", id).executeTakeFirst();
}

export async function insertComment(
  db: DbOrTx,
  comment: { goodsId: number; userId: number; content: string; replyToId: number | null; createdAt: string },
): Promise<number> {
  const row = await db.insertInto("comments").values(comment).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Counts a new comment on the goods and answers their seller and visibility, or undefined when there
 * are no such goods, in one statement: the update also holds the goods' row until the transaction
 * ends, so they cannot be deleted under the comment.
 */
export async function countComment(
  db: DbOrTx,
  goodsId: number,
): Promise<{ sellerId: number; visibility: string } | undefined> {
  const row = await db
    .updateTable("goods")
    .set((eb) => ({ commentCount: eb("commentCount", "+", 1) }))
    .where("id", "=", goodsId)
    .returning(["sellerId", "visibility"])
    .executeTakeFirst();
  return row;
}

/** The goods' comment count, or undefined when there are no such goods; a plain read, locking nothing. */
export async function commentCountOf(db: DbOrTx, goodsId: number): Promise<number | undefined> {
  const row = await db.selectFrom("goods").select("commentCount").where("id", "=", goodsId).executeTakeFirst();
  return row?.commentCount;
}

/** Comments with their authors and, for replies, the author of the comment replied to. */
export function selectComments(db: DbOrTx) {
  return db
    .selectFrom("comments")
    .innerJoin("users as author", "author.id", "comments.userId")
    .leftJoin("comments as parent", "parent.id", "comments.replyToId")
    .leftJoin("users as parentAuthor", "parentAuthor.id", "parent.userId")
    .select([
      "comments.id",
      "comments.goodsId",
      "comments.content",
      "comments.replyToId",
      "comments.createdAt",
      "author.id as authorId",
      "author.username as authorUsername",
      "author.nickname as authorNickname",
      "author.avatarUrl as authorAvatarUrl",
      "parentAuthor.id as parentAuthorId",
      "parentAuthor.username as parentAuthorUsername",
      "parentAuthor.nickname as parentAuthorNickname",
      "parentAuthor.avatarUrl as parentAuthorAvatarUrl",
    ]);
}
export type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>["executeTakeFirstOrThrow"]>>;

export function commentsOfGoods(db: DbOrTx, goodsId: number, page: { limit: number; offset: number }) {
  return selectComments(db)
    .where("comments.goodsId", "=", goodsId)
    .orderBy("comments.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Deletes a comment (a moderator's removal) and uncounts it; answers whether there was one. */
export async function removeComment(db: DbOrTx, id: number): Promise<boolean> {
  const removed = await db.deleteFrom("comments").where("id", "=", id).returning("goodsId").executeTakeFirst();
  if (!removed) return false;
  await db
    .updateTable("goods")
    .set((eb) => ({ commentCount: eb("commentCount", "-", 1) }))
    .where("id", "=", removed.goodsId)
    .execute();
  return true;
}
