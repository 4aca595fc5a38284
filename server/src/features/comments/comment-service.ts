import type { CreateCommentBody, GoodsComment, Page, PageQuery } from "@xianzhi/contract";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import { requireNotBlocked } from "../block-checks/index.js";
import { pageWindow } from "../goods/index.js";
import type { NotificationDraft } from "../notifications/index.js";
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

/**
 * The seller is told of a comment on their goods, the author of the comment replied to of the
 * reply; a seller replied to is told once, of the reply.
 */
function commentNotifications(
  comment: { goodsId: number; userId: number; content: string },
  sellerId: number,
  repliedAuthorId: number | null,
): NotificationDraft[] {
  const about = { actorId: comment.userId, goodsId: comment.goodsId, excerpt: comment.content };
  const drafts: NotificationDraft[] = [];
  if (repliedAuthorId !== null) drafts.push({ ...about, userId: repliedAuthorId, kind: "reply" });
  if (repliedAuthorId !== sellerId) drafts.push({ ...about, userId: sellerId, kind: "comment" });
  return drafts;
}

export async function addComment(
  { db, outbox }: Deps<"db" | "outbox">,
  userId: number,
  body: CreateCommentBody,
): Promise<GoodsComment> {
  const goodsId = Number(body.goodsId);
  const id = await db.transaction().execute(async (tx) => {
    const goods = await countComment(tx, goodsId);
    // Goods a moderator hid (or held, or of a suspended seller) are not there for anyone but their seller.
    if (!goods || (goods.visibility !== "public" && goods.sellerId !== userId)) throw appError("GOODS_NOT_FOUND");
    const { sellerId } = goods;
    if (sellerId !== userId) await requireNotBlocked(tx, userId, sellerId);
    const replyToId = body.replyToId ? Number(body.replyToId) : null;
    let repliedAuthorId: number | null = null;
    if (replyToId !== null) {
      const parent = await findComment(tx, replyToId);
      if (!parent || parent.goodsId !== goodsId) throw appError("COMMENT_NOT_FOUND");
      repliedAuthorId = parent.userId;
    }
    const comment = { goodsId, userId, content: body.content };
    const commentId = await insertComment(tx, { ...comment, replyToId, createdAt: nowIso() });
    await outbox.record(tx, commentNotifications(comment, sellerId, repliedAuthorId));
    return commentId;
  });
  outbox.push();
  return toComment(await selectComments(db).where("comments.id", "=", id).executeTakeFirstOrThrow());
}

/**
 * Newest first; the total is the goods' own comment count, kept with every comment added. A read:
 * it takes no row lock, so readers neither wait for nor hold up the goods' writers.
 */
export async function listComments({ db }: Deps<"db">, goodsId: number, query: PageQuery): Promise<Page<GoodsComment>> {
  const total = await commentCountOf(db, goodsId);
  if (total === undefined) throw appError("GOODS_NOT_FOUND");
  const rows = await commentsOfGoods(db, goodsId, pageWindow(query));
  return { list: rows.map(toComment), total, page: query.page, pageSize: query.pageSize };
}
