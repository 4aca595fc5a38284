import type { ChatMessage, NotificationKind } from "@xianzhi/contract";
import type { Delivery } from "../../plugins/realtime.js";
import type { NotificationDraft } from "../notifications/index.js";
import { type OfferRow, toOffer } from "./offer-mapper.js";

/**
 * How both sides are told of an offer: its frames and its notifications. Apart from the service so
 * that blocking, which closes offers too, tells them the same way without importing the service.
 */

/**
 * The frames that show both sides an offer as it now is, then the chat message it came with (its
 * card, or a notice): the offer first, so a client has it when the message asks to draw it.
 */
export function offerDeliveries(row: OfferRow, now: string, message?: ChatMessage): Delivery[] {
  const userIds = [row.buyerId, row.sellerId];
  const deliveries: Delivery[] = [{ userIds, frame: { type: "offer", offer: toOffer(row, now) } }];
  if (message) deliveries.push({ userIds, frame: { type: "message", message } });
  return deliveries;
}

/** A notification about the offer to `userId`, caused by `actorId`. */
export function offerNotice(row: OfferRow, kind: NotificationKind, userId: number, actorId: number): NotificationDraft {
  return { userId, kind, actorId, goodsId: row.goodsId, chatId: row.chatId, amountCents: row.amountCents };
}
