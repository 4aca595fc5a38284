import {
  ACTIONS_OF_TARGET,
  type ModerationAction,
  type ModerationActionBody,
  type ModerationLogEntry,
  type ReportTarget,
} from "@xianzhi/contract";
import { type DbOrTx, dialectOf } from "../../db/database.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import { removeComment } from "../comments/index.js";
import { changeVisibility, lockGoodsById } from "../goods/index.js";
import { lastActionOn, writeLog } from "./moderation-log.js";
import { ownerOfTarget } from "./report-repository.js";
import { suspendUser, suspensionEnd } from "./suspensions.js";

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
 * The owner's row, locked on PostgreSQL until the action ends: actions on anything of one user
 * wait for each other, the user before the goods, in the order a suspension takes them.
 */
async function lockOwner(tx: DbOrTx, userId: number): Promise<void> {
  if (dialectOf(tx) !== "postgres") return;
  await tx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
}

/**
 * Whether the action still has something to do when it closed no open report: approving held
 * goods; from the console (`seenActionId` sent), anything but approving goods not held and
 * dismissing, such as warning or suspending the owner of goods hidden a moment ago.
 */
function doneWithoutReport(action: ModerationAction, held: boolean, fromConsole: boolean): boolean {
  switch (action) {
    case "dismiss":
      return false;
    case "approve_goods":
      return held;
    default:
      return held || fromConsole;
  }
}

/**
 * Does what the moderator chose to a target, closes all its open reports and writes the audit
 * log, in one transaction. Two moderators acting at once get one result, the second "already
 * handled" (1710): with `seenActionId` (what the console saw) because a line was logged since;
 * without it, because the reports' rows, updated only while open, were closed by the first.
 * With it, a warning or suspension needs no open report (the reports of goods may have been
 * closed by hiding them); an action already done (hiding hidden goods, approving goods not held,
 * dismissing no report) is refused as already handled either way.
 */
export async function moderate(
  { db, hub, outbox }: Deps<"db" | "hub" | "outbox">,
  moderatorId: number,
  target: Target,
  body: ModerationActionBody,
): Promise<ModerationLogEntry> {
  if (!ACTIONS_OF_TARGET[target.type].includes(body.action)) throw appError("ACTION_NOT_FOR_TARGET");
  let suspended: number | undefined;
  const entry = await db.transaction().execute(async (tx) => {
    const owner = await ownerOfTarget(tx, target.type, target.id);
    if (owner !== undefined) await lockOwner(tx, owner);
    const goods = target.type === "goods" ? await lockGoodsById(tx, target.id) : undefined;
    const held = goods?.visibility === "held";
    if (body.seenActionId !== undefined) {
      const seen = body.seenActionId === null ? null : Number(body.seenActionId);
      if ((await lastActionOn(tx, target)) !== seen) throw appError("MODERATION_ALREADY_HANDLED");
    }
    const resolvedReports = await closeReports(tx, target, moderatorId, body.action === "dismiss");
    if (resolvedReports === 0 && !doneWithoutReport(body.action, held, body.seenActionId !== undefined)) {
      throw appError("MODERATION_ALREADY_HANDLED");
    }
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
