import {
  ACTIONS_OF_TARGET,
  type ModerationActionBody,
  type ModerationLogEntry,
  type ReportTarget,
} from "@xianzhi/contract";
import type { Db, DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Hub } from "../../plugins/realtime.js";
import { removeComment } from "../comments/comment-repository.js";
import { lockGoodsById } from "../goods/goods-repository.js";
import { changeVisibility } from "../goods/goods-visibility.js";
import type { NotificationOutbox } from "../notifications/notification-service.js";
import { writeLog } from "./moderation-log.js";
import { ownerOfTarget } from "./report-repository.js";
import { suspendUser, suspensionEnd } from "./suspensions.js";

export interface ActionDeps {
  db: Db;
  hub: Hub;
  outbox: NotificationOutbox;
}

interface Target {
  type: ReportTarget;
  id: number;
}

/** Closes the target's open reports as the action decides; answers how many there were. */
async function closeReports(tx: DbOrTx, target: Target, moderatorId: number, dismissed: boolean): Promise<number> {
  const closed = await tx
    .updateTable("reports")
    .set({ status: dismissed ? "dismissed" : "resolved", closedAt: nowIso(), closedBy: moderatorId })
    .where("targetType", "=", target.type)
    .where("targetId", "=", target.id)
    .where("status", "=", "open")
    .returning("id")
    .execute();
  return closed.length;
}

/** Whether the seller's goods are hidden for a suspension now: approved goods join them. */
async function isSuspended(tx: DbOrTx, userId: number): Promise<boolean> {
  const user = await tx.selectFrom("users").select("suspendedUntil").where("id", "=", userId).executeTakeFirst();
  return Boolean(user?.suspendedUntil && user.suspendedUntil > nowIso());
}

/**
 * Does what the moderator chose to a target of the queue, closes all its open reports and writes
 * the audit log, in one transaction. A target is in the queue while it has open reports or (goods)
 * is held for review; two moderators acting at once get one result, the second "already handled":
 * the goods' row lock (PostgreSQL) or the reports' rows, updated only while open, decide.
 */
export async function moderate(
  { db, hub, outbox }: ActionDeps,
  moderatorId: number,
  target: Target,
  body: ModerationActionBody,
): Promise<ModerationLogEntry> {
  if (!ACTIONS_OF_TARGET[target.type].includes(body.action)) throw appError("ACTION_NOT_FOR_TARGET");
  let suspended: number | undefined;
  const entry = await db.transaction().execute(async (tx) => {
    const goods = target.type === "goods" ? await lockGoodsById(tx, target.id) : undefined;
    const held = goods?.visibility === "held";
    const resolvedReports = await closeReports(tx, target, moderatorId, body.action === "dismiss");
    if (resolvedReports === 0 && (!held || body.action === "dismiss")) throw appError("MODERATION_ALREADY_HANDLED");
    const ownerId = await ownerOfTarget(tx, target.type, target.id);
    if (ownerId === undefined && body.action !== "dismiss") throw appError("MODERATION_TARGET_NOT_FOUND");
    switch (body.action) {
      case "hide_goods":
        if (!(await changeVisibility(tx, target.id, ["public", "held", "suspended"], "hidden", body.reason))) {
          throw appError("MODERATION_ALREADY_HANDLED");
        }
        break;
      case "approve_goods":
        if (held && goods) {
          const to = (await isSuspended(tx, goods.sellerId)) ? "suspended" : "public";
          await changeVisibility(tx, target.id, ["held"], to, null);
          await outbox.recordNewGoods(tx, goods.sellerId, goods.id);
        }
        break;
      case "remove_comment":
        await removeComment(tx, target.id);
        break;
      case "warn":
        await outbox.record(tx, [
          { userId: ownerId as number, kind: "moderation_warning", goodsId: goods?.id ?? null, excerpt: body.reason },
        ]);
        break;
      case "suspend":
        suspended = ownerId as number;
        await suspendUser(tx, suspended, suspensionEnd(body.days));
        break;
      case "dismiss":
        break;
    }
    return writeLog(tx, {
      moderatorId,
      action: body.action,
      targetType: target.type,
      targetId: target.id,
      targetUserId: ownerId ?? null,
      reason: body.reason,
      days: body.action === "suspend" ? body.days : null,
      resolvedReports,
      createdAt: nowIso(),
    });
  });
  outbox.push();
  // Their open chat sockets close now, on every process.
  if (suspended !== undefined) await hub.endSessions({ userId: suspended });
  return entry;
}
