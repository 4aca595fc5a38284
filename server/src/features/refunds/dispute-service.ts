import {
  DISPUTE_RULINGS,
  type DisputeDetail,
  type DisputeQueue,
  type DisputeRulingBody,
  type Refund,
} from "@xianzhi/contract";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { WithDeliveries } from "../../plugins/realtime.js";
import type { Deps } from "../../services.js";
import { type CurrentUser, requireFreshProof } from "../accounts/index.js";
import { writeLog } from "../moderation/index.js";
import { afterMove, findOrder, orderDetailSeenBy } from "../orders/index.js";
import { applyRefundStep, yuan } from "./refund-moves.js";
import * as repo from "./refund-repository.js";
import { refundAsSeenBy } from "./refund-service.js";

const QUEUE_MAX = 200;
const CHAT_LINES = 200;
const HOUR_MS = 3600 * 1000;

const publicUser = (id: number, username: string, nickname: string, avatarUrl: string | null) => ({
  id: String(id),
  username,
  nickname,
  avatarUrl,
});

/** The disputes waiting for a ruling, oldest first, those past the alert time flagged. */
export async function disputeQueue({ db, config }: Deps<"db" | "config">): Promise<DisputeQueue> {
  const rows = await repo.waitingDisputes(db, QUEUE_MAX);
  const alertBefore = Date.now() - config.refundTimers.disputeAlertHours * HOUR_MS;
  return rows.map((row) => ({
    refundId: String(row.id),
    orderId: String(row.orderId),
    goodsTitle: row.goodsTitle,
    kind: row.kind as DisputeQueue[number]["kind"],
    paidCents: row.totalCents,
    amountCents: row.amountCents,
    buyer: publicUser(row.buyerId, row.buyerUsername, row.buyerNickname, row.buyerAvatarUrl),
    seller: publicUser(row.sellerId, row.sellerUsername, row.sellerNickname, row.sellerAvatarUrl),
    disputedAt: row.disputedAt ?? "",
    overdue: Date.parse(row.disputedAt ?? "") <= alertBefore,
  }));
}

/** How many disputes wait past the alert time: /metrics. */
export function overdueDisputes({ db, config }: Deps<"db" | "config">): Promise<number> {
  const before = new Date(Date.now() - config.refundTimers.disputeAlertHours * HOUR_MS).toISOString();
  return repo.countOverdueDisputes(db, before);
}

async function userWithHistory(deps: Deps<"db">, userId: number) {
  const user = await deps.db
    .selectFrom("users")
    .select(["id", "username", "nickname", "avatarUrl"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    ...publicUser(user.id, user.username, user.nickname, user.avatarUrl),
    history: await repo.tradeHistoryOf(deps.db, userId),
  };
}

/** Everything a ruling weighs: the request and both sides' words, the order's timeline, the chat, their records. */
export async function disputeDetail(deps: Deps<"db">, refundId: number): Promise<DisputeDetail> {
  const row = await repo.findRefund(deps.db, refundId);
  if (!row || row.disputedAt === null) throw appError("DISPUTE_NOT_FOUND");
  const order = await findOrder(deps.db, row.orderId);
  const [refund, orderDetail, buyer, seller, chat] = await Promise.all([
    refundAsSeenBy(deps.db, row, "moderator"),
    orderDetailSeenBy(deps, row.orderId),
    userWithHistory(deps, row.buyerId),
    userWithHistory(deps, row.sellerId),
    repo.chatLines(deps.db, order?.chatId ?? null, CHAT_LINES),
  ]);
  return {
    refund,
    order: orderDetail,
    buyer,
    seller,
    chat: chat.map((line) => ({
      senderId: String(line.senderId),
      type: line.type,
      content: line.content,
      createdAt: line.createdAt,
    })),
  };
}

/**
 * A moderator's ruling: full refund, a split, or release to the seller, with a reason. Taken as
 * one step of the request (of two moderators ruling at once, one rules, the other is told it was
 * ruled), with its line in the audit log in the same transaction; both sides told; the money
 * moved through the provider after the commit.
 */
export async function ruleDispute(
  deps: Deps<"db" | "outbox" | "config" | "payments" | "log">,
  moderator: CurrentUser,
  refundId: number,
  body: DisputeRulingBody,
): Promise<WithDeliveries<Refund>> {
  // Money moved by a moderator's word: they prove it is them first (身份验证, five minutes).
  await requireFreshProof(deps, moderator);
  const moderatorId = moderator.userId;
  const row = await repo.findRefund(deps.db, refundId);
  if (!row || row.disputedAt === null) throw appError("DISPUTE_NOT_FOUND");
  const order = await findOrder(deps.db, row.orderId);
  if (!order) throw appError("ORDER_NOT_FOUND");
  const refundCents = refundOf(body, order.totalCents);
  const now = nowIso();
  const outcome = body.ruling === "release" ? "货款给卖家" : `退款 ${yuan(refundCents)}`;
  const done = await applyRefundStep(deps, row, {
    transition: body.ruling === "release" ? "ruleRelease" : "ruleRefund",
    actor: "moderator",
    changes: { ruling: body.ruling, rulingReason: body.reason, ruledBy: moderatorId, ruledAt: now, refundCents },
    note: `平台裁决：${outcome}。理由：${body.reason}`,
    notify: [
      { userId: row.buyerId, kind: "dispute_ruled" },
      { userId: row.sellerId, kind: "dispute_ruled" },
    ],
    within: async (tx, moved) => {
      await writeLog(tx, {
        moderatorId,
        action: "rule_dispute",
        targetType: "refund",
        targetId: moved.id,
        targetUserId: null,
        reason: `${DISPUTE_RULINGS[body.ruling]}（${outcome}）：${body.reason}`,
        days: null,
        resolvedReports: 0,
        createdAt: now,
      });
    },
  });
  await afterMove(deps, done.order);
  return { data: await refundAsSeenBy(deps.db, done.refund, "moderator"), deliveries: done.deliveries };
}

/** What the ruling gives back: all that was paid, the split's amount (more than 0, less than paid), or nothing. */
function refundOf(body: DisputeRulingBody, paidCents: number): number {
  if (body.ruling === "refund") return paidCents;
  if (body.ruling === "release") return 0;
  const split = body.refundCents ?? 0;
  if (split <= 0 || split >= paidCents) {
    throw appError("DISPUTE_SPLIT_AMOUNT", `部分退款的金额应大于 0 且小于实付金额 ${yuan(paidCents)}`);
  }
  return split;
}
