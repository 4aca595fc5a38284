import type { DealStatus } from "@xianzhi/contract";
import type { Insertable, Updateable } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import type { DealsTable } from "../../db/schema.js";
import type { DealRow } from "./deal-mapper.js";

export async function insertDeal(db: DbOrTx, deal: Insertable<DealsTable>): Promise<DealRow> {
  return db.insertInto("deals").values(deal).returningAll().executeTakeFirstOrThrow();
}

export function findDeal(db: DbOrTx, id: number): Promise<DealRow | undefined> {
  return db.selectFrom("deals").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Moves a deal on (completed, cancelled) if it is still in one of the states `from`; answers it
 * when it changed. Of two transitions at the same moment only one finds it where it was.
 */
export function moveDeal(
  db: DbOrTx,
  id: number,
  from: readonly DealStatus[],
  changes: Updateable<DealsTable>,
): Promise<DealRow | undefined> {
  return db
    .updateTable("deals")
    .set(changes)
    .where("id", "=", id)
    .where("status", "in", from)
    .returningAll()
    .executeTakeFirst();
}

/** The chat's newest deal: what its header shows (a chat may see a deal cancelled, then another). */
export function newestDealOfChat(db: DbOrTx, chatId: number): Promise<DealRow | undefined> {
  return db
    .selectFrom("deals")
    .selectAll()
    .where("chatId", "=", chatId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Marks a reserved deal as paid through a protected order. */
export async function setOrderOfDeal(db: DbOrTx, dealId: number, orderId: number): Promise<void> {
  await db.updateTable("deals").set({ orderId }).where("id", "=", dealId).execute();
}

/** The deal that holds the goods reserved, if one does. */
export function reservedDealOfGoods(db: DbOrTx, goodsId: number): Promise<DealRow | undefined> {
  return db
    .selectFrom("deals")
    .selectAll()
    .where("goodsId", "=", goodsId)
    .where("status", "=", "reserved")
    .executeTakeFirst();
}
