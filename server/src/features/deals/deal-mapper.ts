import type { Deal, DealStatus } from "@xianzhi/contract";
import type { Selectable } from "kysely";
import type { DealsTable } from "../../db/schema.js";

export type DealRow = Selectable<DealsTable>;

/** A deal as the API answers it; a deal whose goods were deleted keeps its id's place as "0". */
export function toDeal(row: DealRow): Deal {
  return {
    id: String(row.id),
    goodsId: String(row.goodsId ?? 0),
    chatId: String(row.chatId ?? 0),
    offerId: String(row.offerId),
    buyerId: String(row.buyerId),
    sellerId: String(row.sellerId),
    priceCents: row.priceCents,
    status: row.status as DealStatus,
    createdAt: row.createdAt,
    completedAt: row.completedAt,
    cancelledAt: row.cancelledAt,
    cancelledBy: row.cancelledBy === null ? null : String(row.cancelledBy),
    orderId: row.orderId === null ? null : String(row.orderId),
  };
}
