import {
  type ChatMessage,
  type Notification,
  type NotificationKind,
  notificationAmount,
  notificationSentence,
  notificationTargetPath,
  PUSH_KINDS,
  type PushKind,
  PushLimits,
  type PushPayload,
} from "@xianzhi/contract";
import type { PushOptions } from "./push-sender.js";

/** Which push switch each notification kind is under; a kind under none is never pushed. */
export const PUSH_KIND_OF = new Map<NotificationKind, PushKind>(
  Object.entries(PUSH_KINDS).flatMap(([pushKind, { kinds }]) =>
    kinds.map((kind) => [kind as NotificationKind, pushKind as PushKind] as const),
  ),
);

/** A push's words and where it leads, with how the push service is to hold it. */
export interface PushMessage {
  payload: Omit<PushPayload, "unread">;
  options: PushOptions;
}

function detailOf(notification: Notification): string {
  return [notification.goods?.title ?? "", notificationAmount(notification), notification.excerpt]
    .filter(Boolean)
    .join(" · ");
}

const chatPath = (chatId: string) => `/chat?chatId=${encodeURIComponent(chatId)}`;

/** Where the notification leads: the centre's target for it (the same words and targets as its line), else the centre itself. */
export function targetOf(notification: Notification): string {
  return notificationTargetPath(notification) ?? "/notifications";
}

/** One tag per thing it is about: a newer push of an order or a chat replaces the older one. */
function tagOf(notification: Notification): string {
  if (notification.orderId) return `order-${notification.orderId}`;
  if (notification.chatId) return `chat-${notification.chatId}`;
  if (notification.savedSearchId) return `search-${notification.savedSearchId}`;
  return `notice-${notification.id}`;
}

export function notificationPush(notification: Notification): PushMessage {
  const tag = tagOf(notification);
  return {
    payload: {
      title: notificationSentence(notification).text,
      body: detailOf(notification),
      url: targetOf(notification),
      tag,
    },
    options: { topic: tag, urgency: PUSH_KIND_OF.get(notification.kind) === "messages" ? "high" : "normal" },
  };
}

function excerpt(text: string): string {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  return chars.length <= PushLimits.messageExcerptMax
    ? chars.join("")
    : `${chars.slice(0, PushLimits.messageExcerptMax).join("")}…`;
}

/** A chat message as a push: who wrote, the start of what (as the chat list's line shows it). */
export function messagePush(message: ChatMessage, senderNickname: string): PushMessage {
  const body =
    message.type === "image"
      ? "[图片]"
      : message.type === "goods"
        ? "[商品]"
        : message.type === "offer"
          ? "[出价]"
          : excerpt(message.content);
  const tag = `chat-${message.chatId}`;
  return {
    payload: { title: senderNickname || "新消息", body, url: chatPath(message.chatId), tag },
    options: { topic: tag, urgency: "high" },
  };
}
