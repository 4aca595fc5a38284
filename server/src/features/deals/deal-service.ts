import { DEAL_STATUSES, type Deal, type DealStatus, type GoodsStatus } from "@xianzhi/contract";
import type { Updateable } from "kysely";
import type { Db, DbOrTx } from "../../db/database.js";
import type { DealsTable } from "../../db/schema.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Delivery, WithDeliveries } from "../../plugins/realtime.js";
import { storeProductMessage } from "../chat/index.js";
import { lockGoodsById, moveGoodsStatus } from "../goods/index.js";
import type { NotificationOutbox } from "../notifications/index.js";
import { type DealRow, toDeal } from "./deal-mapper.js";
import * as repo from "./deal-repository.js";

/** A deal of the user's: 404 when there is none, 403 for anyone but its buyer and seller. */
async function requirePartyDeal(db: DbOrTx, userId: number, dealId: number): Promise<DealRow> {
  const row = await repo.findDeal(db, dealId);
  if (!row) throw appError("DEAL_NOT_FOUND");
  if (userId !== row.buyerId && userId !== row.sellerId) throw appError("NOT_A_PARTY");
  return row;
}

/** The refusal of a deal no longer reserved, saying what became of it (已成交, 已取消). */
function notReservedError(row: DealRow | undefined) {
  if (!row) return appError("DEAL_NOT_FOUND");
  return appError("DEAL_NOT_RESERVED", `这笔交易${DEAL_STATUSES[row.status as DealStatus]}`);
}

interface DealEnd {
  changes: Updateable<DealsTable>;
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
  db: Db,
  outbox: NotificationOutbox,
  userId: number,
  deal: DealRow,
  end: DealEnd,
): Promise<WithDeliveries<Deal>> {
  const { ended, notice } = await db.transaction().execute(async (tx) => {
    if (deal.goodsId !== null) await lockGoodsById(tx, deal.goodsId);
    const ended = await repo.endReservedDeal(tx, deal.id, end.changes);
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
  db: Db,
  outbox: NotificationOutbox,
  userId: number,
  dealId: number,
): Promise<WithDeliveries<Deal>> {
  const deal = await requirePartyDeal(db, userId, dealId);
  if (userId !== deal.sellerId) throw appError("NOT_A_PARTY", "只有卖家可以确认成交");
  return endDeal(db, outbox, userId, deal, {
    changes: { status: "completed", completedAt: nowIso() },
    kind: "deal_completed",
    goodsStatus: "sold",
    notice: "卖家已确认成交，交易已完成",
  });
}

/** Either side calls the deal off: the goods are on sale again. */
export async function cancelDeal(
  db: Db,
  outbox: NotificationOutbox,
  userId: number,
  dealId: number,
): Promise<WithDeliveries<Deal>> {
  const deal = await requirePartyDeal(db, userId, dealId);
  const side = userId === deal.sellerId ? "卖家" : "买家";
  return endDeal(db, outbox, userId, deal, {
    changes: { status: "cancelled", cancelledAt: nowIso(), cancelledBy: userId },
    kind: "deal_cancelled",
    goodsStatus: "on_sale",
    notice: `${side}已取消交易，宝贝重新在售`,
  });
}
