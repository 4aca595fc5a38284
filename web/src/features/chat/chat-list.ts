import type { Chat, ChatMessage } from "@xianzhi/contract";
import type { Page } from "@xianzhi/contract/constants";

/** How a new message counts for the one who receives it in this tab. */
export interface Arrival {
  /** I sent it (from this tab or another). */
  mine: boolean;
  /** Its conversation is on the screen (myChatId): it is marked read there, so it counts as read. */
  onScreen: boolean;
}

/**
 * A live message in the chat list, as the server has it after storing the message (the
 * messages_record_activity trigger): the chat moves to the top with it as its last message; the
 * sender has read everything, the recipient has one more unread. Answers by how much the unread
 * total changes (nothing for a message the list has already), or undefined when the list does not
 * show the chat (then it has to be read again).
 */
export function showNewMessage(list: Page<Chat>, message: ChatMessage, arrival: Arrival): number | undefined {
  const index = list.list.findIndex((chat) => chat.chatId === message.chatId);
  const chat = list.list[index];
  if (!chat) return undefined;
  // The list was read after the message was stored: it counts it already.
  if (chat.lastMessage && Number(chat.lastMessage.id) >= Number(message.id)) return 0;
  const before = chat.unreadCount;
  if (arrival.mine) chat.unreadCount = 0;
  else if (!arrival.onScreen) chat.unreadCount += 1;
  chat.lastMessage = message;
  chat.updatedAt = message.createdAt;
  list.list.splice(index, 1);
  list.list.unshift(chat);
  return chat.unreadCount - before;
}

/** By how much a message in a chat the list does not show changes the unread total. */
export function unreadOfUnlisted(arrival: Arrival): number {
  return arrival.mine || arrival.onScreen ? 0 : 1;
}
