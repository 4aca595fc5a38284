import { SUSPENDED_FOREVER } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { deleteSessionsOfUser } from "../accounts/index.js";
import { hideSellerGoods } from "../goods/index.js";

const DAY_MS = 24 * 3600 * 1000;

/** When a suspension of `days` starting now ends; null days is for good. */
export function suspensionEnd(days: number | null, now = Date.now()): string {
  return days === null ? SUSPENDED_FOREVER : new Date(now + days * DAY_MS).toISOString();
}

/**
 * Suspends a user: signed out everywhere at once (the caller tells the sockets once committed),
 * their goods seen by nobody else until it ends.
 */
export async function suspendUser(tx: DbOrTx, userId: number, until: string): Promise<void> {
  await tx.updateTable("users").set({ suspendedUntil: until }).where("id", "=", userId).execute();
  await deleteSessionsOfUser(tx, userId);
  await hideSellerGoods(tx, userId);
}
