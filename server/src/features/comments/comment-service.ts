import type { CreateCommentBody, GoodsComment, Page, PageQuery } from "@xianzhi/contract";
import type { Db } from "../../db/database.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import { pageWindow } from "../goods/goods-service.js";
import {
  type CommentRow,
  commentCountOf,
  commentsOfGoods,
  countComment,
  findComment,
  insertComment,
  selectComments,
} from "./comment-repository.js";

function toComment(row: CommentRow): GoodsComment {
  return {
    id: String(row.id),
    goodsId: String(row.goodsId),
    content: row.content,
    replyToId: row.replyToId === null ? null : String(row.replyToId),
    replyToUser:
      row.parentAuthorId === null
        ? null
        : {
            id: String(row.parentAuthorId),
            username: row.parentAuthorUsername ?? "",
            nickname: row.parentAuthorNickname ?? "",
            avatarUrl: row.parentAuthorAvatarUrl,
          },
    user: {
      id: String(row.authorId),
      username: row.authorUsername,
      nickname: row.authorNickname,
      avatarUrl: row.authorAvatarUrl,
    },
    createdAt: row.createdAt,
  };
}

export async function addComment(db: Db, userId: number, body: CreateCommentBody): Promise<GoodsComment> {
  const goodsId = Number(body.goodsId);
  const id = await db.transaction().execute(async (tx) => {
    if (!(await countComment(tx, goodsId))) throw appError("GOODS_NOT_FOUND");
    const replyToId = body.replyToId ? Number(body.replyToId) : null;
    if (replyToId !== null) {
      const parent = await findComment(tx, replyToId);
      if (!parent || parent.goodsId !== goodsId) throw appError("COMMENT_NOT_FOUND");
    }
    const commentId = await insertComment(tx, {
      goodsId,
      userId,
      content: body.content,
      replyToId,
      createdAt: nowIso(),
    });
    return commentId;
  });
  return toComment(await selectComments(db).where("comments.id", "=", id).executeTakeFirstOrThrow());
}

/**
 * Newest first; the total is the goods' own comment count, kept with every comment added. A read:
 * it takes no row lock, so readers neither wait for nor hold up the goods' writers.
 */
export async function listComments(db: Db, goodsId: number, query: PageQuery): Promise<Page<GoodsComment>> {
  const total = await commentCountOf(db, goodsId);
  if (total === undefined) throw appError("GOODS_NOT_FOUND");
  const rows = await commentsOfGoods(db, goodsId, pageWindow(query));
  return { list: rows.map(toComment), total, page: query.page, pageSize: query.pageSize };
}
