import type { ChatMessage } from "@xianzhi/contract";

/** A message as one line of text: the words, or what kind of thing it is. */
export function messageText(message: Pick<ChatMessage, "type" | "content">): string {
  if (message.type === "image") return "[图片]";
  if (message.type === "goods") return "[商品]";
  return message.content;
}
