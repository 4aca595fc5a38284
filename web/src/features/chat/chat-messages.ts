import type { Chat, ChatMessage } from "@xianzhi/contract";

/**
 * A message as one line of text: the words, or what kind of thing it is. The console's quotes
 * type it as any string: a kind this does not know shows its content.
 */
export function messageText(message: { type: ChatMessage["type"] | (string & {}); content: string }): string {
  if (message.type === "image") return "[图片]";
  if (message.type === "goods") return "[商品]";
  if (message.type === "offer") return "[出价]";
  return message.content;
}

/** Whether the peer of the chat has read this message (meant for my own messages: 已读 / 未读). */
export function readByPeer(chat: Pick<Chat, "peerReadUpTo">, message: Pick<ChatMessage, "id">): boolean {
  return Number(message.id) <= Number(chat.peerReadUpTo ?? 0);
}
