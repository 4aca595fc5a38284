import {
  ACTIONS_OF_TARGET,
  type ContextMessage,
  type Goods,
  type ModeratedUser,
  type ModerationAction,
  type ModerationContext,
  ModerationLimits,
  type Page,
  type PageQuery,
  type PublicUser,
  type ReportForModerator,
  type ReportQueueItem,
  type ReportQueueQuery,
  type ReportReason,
  type ReportStatus,
  type ReportTarget,
} from "@xianzhi/contract";
import type { Db } from "../../db/database.js";
import { appError } from "../../errors.js";
import { pageWindow } from "../../lib/paging.js";
import type { Deps } from "../../services.js";
import { toPublicUser } from "../accounts/index.js";
import { goodsDetail, pageOf } from "../goods/index.js";
import { lastActionOn } from "./moderation-log.js";
import * as repo from "./queue-repository.js";
import { ownerOfTarget } from "./report-repository.js";

type UserFields = { username: string | null; nickname: string | null; avatarUrl: string | null };

/** A user read through a left join: null when the account is gone. */
function joinedUser(id: number | null, fields: UserFields): PublicUser | null {
  if (id === null || fields.username === null) return null;
  return toPublicUser({ id, username: fields.username, nickname: fields.nickname ?? "", avatarUrl: fields.avatarUrl });
}

async function publicUsers(db: Db, ids: number[]): Promise<Map<number, PublicUser>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("users")
    .select(["id", "username", "nickname", "avatarUrl"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, toPublicUser(row)]));
}

export async function reportQueue({ db }: Deps<"db">, query: ReportQueueQuery): Promise<Page<ReportQueueItem>> {
  const { rows, total } = await repo.openTargetsPage(db, query.sort, pageWindow(query));
  const [summaries, users] = await Promise.all([
    repo.summariesOf(db, rows),
    publicUsers(
      db,
      rows.flatMap((row) => (row.targetUserId === null ? [] : [row.targetUserId])),
    ),
  ]);
  const list = rows.map((row) => ({
    targetType: row.targetType as ReportTarget,
    targetId: String(row.targetId),
    targetUser: (row.targetUserId !== null && users.get(row.targetUserId)) || null,
    summary: summaries.get(`${row.targetType}:${row.targetId}`) ?? "",
    reportCount: Number(row.reportCount),
    reasons: [...new Set(row.reasons.split(","))] as ReportReason[],
    latestReportAt: row.latestReportAt,
  }));
  return { list, total, page: query.page, pageSize: query.pageSize };
}

/** Goods held by a word rule, waiting for a moderator: the longest waiting first. */
export async function heldGoods({ db }: Deps<"db">, query: PageQuery): Promise<Page<Goods>> {
  const { ids, total } = await repo.heldGoodsIds(db, pageWindow(query));
  return pageOf(db, ids, total, query);
}

async function moderatedUser(db: Db, id: number | undefined): Promise<ModeratedUser | null> {
  if (id === undefined) return null;
  const row = await db
    .selectFrom("users")
    .select(["id", "username", "nickname", "avatarUrl", "bio", "createdAt", "suspendedUntil"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return { ...toPublicUser(row), bio: row.bio, createdAt: row.createdAt, suspendedUntil: row.suspendedUntil };
}

async function contextMessages(db: Db, messageId: number): Promise<ContextMessage[]> {
  const rows = await repo.messagesAround(db, messageId, ModerationLimits.messagesAround);
  return rows.map((row) => ({
    id: String(row.id),
    sender: joinedUser(row.senderId, row),
    type: row.type,
    content: row.content,
    createdAt: row.createdAt,
    reported: row.id === messageId,
  }));
}

/** What a moderator may still do: a goods' state, a comment's existence decide some. */
function actionsFor(type: ReportTarget, goods: Goods | null, gone: boolean, reported: boolean): ModerationAction[] {
  if (gone) return reported ? ["dismiss"] : [];
  return ACTIONS_OF_TARGET[type].filter((action) => {
    if (action === "dismiss") return reported;
    if (type !== "goods") return true;
    const visibility = goods?.moderation?.visibility ?? "public";
    if (action === "approve_goods") return visibility === "held";
    if (action === "hide_goods") return visibility !== "hidden";
    return true;
  });
}

/** Everything a decision on one target needs; 404 when it is gone and nobody reports it any more. */
export async function moderationContext(
  { db }: Deps<"db">,
  type: ReportTarget,
  id: number,
): Promise<ModerationContext> {
  // Read first: what is read after it is as new or newer, so an action sent with it never
  // passes over a change the moderator was not shown.
  const lastActionId = await lastActionOn(db, { type, id });
  const [ownerId, reportRows] = await Promise.all([ownerOfTarget(db, type, id), repo.openReportsOf(db, type, id)]);
  const gone = ownerId === undefined;
  if (gone && reportRows.length === 0) throw appError("MODERATION_TARGET_NOT_FOUND");
  const comment =
    type === "comment" && !gone
      ? await db
          .selectFrom("comments")
          .select(["id", "goodsId", "content", "createdAt"])
          .where("id", "=", id)
          .executeTakeFirst()
      : undefined;
  const goodsId = type === "goods" ? id : comment?.goodsId;
  const goods = goodsId === undefined || (type === "goods" && gone) ? null : await goodsDetail(db, goodsId);
  const openReports: ReportForModerator[] = reportRows.map((row) => ({
    id: String(row.id),
    targetType: type,
    targetId: String(id),
    reason: row.reason as ReportReason,
    text: row.text,
    status: row.status as ReportStatus,
    createdAt: row.createdAt,
    reporter: joinedUser(row.reporterId, row),
  }));
  return {
    targetType: type,
    targetId: String(id),
    gone,
    targetUser: await moderatedUser(db, ownerId ?? reportRows[0]?.targetUserId ?? undefined),
    openReports,
    goods,
    comment: comment ? { id: String(comment.id), content: comment.content, createdAt: comment.createdAt } : null,
    messages: type === "message" && !gone ? await contextMessages(db, id) : [],
    actions: actionsFor(type, goods, gone, openReports.length > 0),
    lastActionId: lastActionId === null ? null : String(lastActionId),
  };
}
