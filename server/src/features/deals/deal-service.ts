import {
  DEAL_PROCESS,
  DEAL_STATUSES,
  type Deal,
  type DealActor,
  type DealStatus,
  type DealTransition,
  type GoodsStatus,
  isTakenBy,
} from "@xianzhi/contract";
import type { Updateable } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import type { DealsTable } from "../../db/schema.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Delivery, WithDeliveries } from "../../plugins/realtime.js";
import type { Deps } from "../../services.js";
import { storeProductMessage } from "../chat/index.js";
import { lockGoodsStatus, moveGoodsStatus } from "../goods-status/index.js";
import { type DealRow, toDeal } from "./deal-mapper.js";
import * as repo from "./deal-repository.js";

/** The refusal's words for a side the process does not let take a transition (else 只有交易双方可以操作). */
const ONLY_BY: Partial<Record<DealTransition, string>> = { complete: "只有卖家可以确认成交" };

/**
 * A deal the user may take `transition` of, as the deal process says (values/processes.ts): 404
 * when there is none, 403 for anyone but its buyer and seller or a side the process does not let
 * take it. Whether it is still reserved is left to the conditional update that ends it.
 */
async function requireDealTransition(
  db: DbOrTx,
  userId: number,
  dealId: number,
  transition: DealTransition,
): Promise<DealRow & { actor: DealActor }> {
  const row = await repo.findDeal(db, dealId);
  if (!row) throw appError("DEAL_NOT_FOUND");
  if (userId !== row.buyerId && userId !== row.sellerId) throw appError("NOT_A_PARTY");
  // A deal paid through a protected order ends with its order: the money held must follow.
  if (row.orderId !== null) throw appError("ORDER_IN_PROGRESS");
  const actor: DealActor = userId === row.sellerId ? "seller" : "buyer";
  if (!isTakenBy(DEAL_PROCESS, transition, actor)) throw appError("NOT_A_PARTY", ONLY_BY[transition]);
  return { ...row, actor };
}

/** The refusal of a deal no longer reserved, saying what became of it (已成交, 已取消). */
function notReservedError(row: DealRow | undefined) {
  if (!row) return appError("DEAL_NOT_FOUND");
  return appError("DEAL_NOT_RESERVED", `这笔交易${DEAL_STATUSES[row.status as DealStatus]}`);
}

interface DealEnd {
  transition: DealTransition;
  /** What it writes besides the state the transition reaches. */
  changes: Omit<Updateable<DealsTable>, "status">;
  /** The other side is told of it. */
  kind: "deal_completed" | "deal_cancelled";
  /** Where the goods go: sold to the buyer, or back on sale. */
  goodsStatus: GoodsStatus;
  /** Written into the deal's chat by whoever ended it. */
  notice: string;
}

/**
 * Ends a reserved deal and moves its goods, in one transaction; the deal only if still reserved,
 * so of complete and cancel pressed at the same moment one happens and the other is refused. The
 * goods row is locked first, as every change of offers and deals does.
 */
async function endDeal(
  { db, outbox }: Deps<"db" | "outbox">,
  userId: number,
  deal: DealRow,
  end: DealEnd,
): Promise<WithDeliveries<Deal>> {
  const { ended, notice } = await db.transaction().execute(async (tx) => {
    if (deal.goodsId !== null) await lockGoodsStatus(tx, deal.goodsId);
    const { from, to } = DEAL_PROCESS.transitions[end.transition];
    const ended = await repo.moveDeal(tx, deal.id, from, { ...end.changes, status: to });
    if (!ended) throw notReservedError(await repo.findDeal(tx, deal.id));
    if (ended.goodsId !== null) await moveGoodsStatus(tx, ended.goodsId, "reserved", end.goodsStatus);
    const notice =
      ended.chatId === null
        ? null
        : await storeProductMessage(tx, {
            chatId: ended.chatId,
            senderId: userId,
            type: "notice",
            content: end.notice,
          });
    const otherSide = userId === ended.sellerId ? ended.buyerId : ended.sellerId;
    await outbox.record(tx, [
      {
        userId: otherSide,
        kind: end.kind,
        actorId: userId,
        goodsId: ended.goodsId,
        chatId: ended.chatId,
        dealId: ended.id,
      },
    ]);
    return { ended, notice };
  });
  outbox.push();
  const userIds = [ended.buyerId, ended.sellerId];
  const deliveries: Delivery[] = [{ userIds, frame: { type: "deal", deal: toDeal(ended) } }];
  if (notice) deliveries.push({ userIds, frame: { type: "message", message: notice } });
  return { data: toDeal(ended), deliveries };
}

/** The seller confirms the sale: the goods are sold to the deal's buyer. */
export async function completeDeal(
  { db, outbox }: Deps<"db" | "outbox">,
  userId: number,
  dealId: number,
): Promise<WithDeliveries<Deal>> {
  const deal = await requireDealTransition(db, userId, dealId, "complete");
  return endDeal({ db, outbox }, userId, deal, {
    transition: "complete",
    changes: { completedAt: nowIso() },
    kind: "deal_completed",
    goodsStatus: "sold",
    notice: "卖家已确认成交，交易已完成",
  });
}

/** Either side calls the deal off: the goods are on sale again. */
export async function cancelDeal(
  { db, outbox }: Deps<"db" | "outbox">,
  userId: number,
  dealId: number,
): Promise<WithDeliveries<Deal>> {
  const deal = await requireDealTransition(db, userId, dealId, "cancel");
  const side = deal.actor === "seller" ? "卖家" : "买家";
  return endDeal({ db, outbox }, userId, deal, {
    transition: "cancel",
    changes: { cancelledAt: nowIso(), cancelledBy: userId },
    kind: "deal_cancelled",
    goodsStatus: "on_sale",
    notice: `${side}已取消交易，宝贝重新在售`,
  });
}

/**
 * A protected order moved its deal on, in the order's transaction: it succeeded (the goods are sold)
 * or it closed (back on sale). The deal must still be reserved; answers it as it is now.
 */
export async function endDealOfOrder(tx: DbOrTx, dealId: number, transition: DealTransition): Promise<DealRow> {
  const { from, to } = DEAL_PROCESS.transitions[transition];
  const now = nowIso();
  const changes: Updateable<DealsTable> =
    transition === "complete" ? { status: to, completedAt: now } : { status: to, cancelledAt: now };
  const ended = await repo.moveDeal(tx, dealId, from, changes);
  if (!ended) throw notReservedError(await repo.findDeal(tx, dealId));
  if (ended.goodsId !== null) {
    await moveGoodsStatus(tx, ended.goodsId, "reserved", transition === "complete" ? "sold" : "on_sale");
  }
  return ended;
}
