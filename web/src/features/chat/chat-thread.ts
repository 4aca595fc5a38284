import type { ChatHistory, ChatMessage } from "@xianzhi/contract";
import type { SendableMessageType } from "@xianzhi/contract/constants";

/**
 * A message of mine the server has not acknowledged yet: on its way, waiting for the connection
 * (offline: it goes out by itself once the socket is open), or given up on (then 重发).
 */
export interface OutgoingMessage {
  clientMsgId: string;
  type: SendableMessageType;
  content: string;
  status: "sending" | "waiting" | "failed";
  error?: string;
}

/**
 * Everything the app knows of one chat's messages, kept in the chat state (chat-slice.ts,
 * `messages[chatId]`): the stored messages oldest first (history pages, live ones and catch-up
 * merged, each once), whether older ones remain on the server, and my messages still waiting for
 * their acknowledgement. The updaters below change a thread in place, as the slice's reducers
 * (Immer drafts) expect.
 */
export interface ChatThread {
  messages: ChatMessage[];
  hasMore: boolean;
  outgoing: OutgoingMessage[];
}

const oldestFirst = (a: ChatMessage, b: ChatMessage) => Number(a.id) - Number(b.id);

/** A chat nothing is known of yet: a live message may come before its history does. */
export function emptyThread(): ChatThread {
  return { messages: [], hasMore: false, outgoing: [] };
}

/**
 * The newest page of history (which the server lists newest first), read when the chat opens: it
 * replaces the stored messages, older pages included, but for those newer than the page's newest,
 * which came live after the server read it (a message pushed while the read was on its way).
 * My messages still on their way stay.
 */
export function replaceWithPage(thread: ChatThread, page: ChatHistory): void {
  const newestRead = Number(page.list[0]?.id ?? 0);
  const cameLater = thread.messages.filter((message) => Number(message.id) > newestRead);
  thread.messages = [];
  thread.hasMore = page.hasMore;
  mergeMessages(thread, [...page.list, ...cameLater]);
}

/** Adds the messages the thread does not have yet, keeping it in order of id. */
export function mergeMessages(thread: ChatThread, incoming: readonly ChatMessage[]): void {
  const known = new Set(thread.messages.map((message) => message.id));
  const fresh: ChatMessage[] = [];
  for (const message of incoming) {
    if (known.has(message.id)) continue;
    known.add(message.id);
    fresh.push(message);
  }
  if (fresh.length > 0) thread.messages = [...thread.messages, ...fresh].sort(oldestFirst);
}

/** An older page of history, asked for with `before` = the oldest message shown. */
export function mergeOlderPage(thread: ChatThread, page: ChatHistory): void {
  mergeMessages(thread, page.list);
  thread.hasMore = page.hasMore;
}

/**
 * What was missed while the socket was down. Only a thread that had no messages learns from it
 * whether older ones remain; otherwise the catch-up stopped at messages the thread already has.
 */
export function mergeMissed(thread: ChatThread, missed: ChatHistory): void {
  if (thread.messages.length === 0) thread.hasMore = missed.hasMore;
  mergeMessages(thread, missed.list);
}

/** A message I send (or send again): shown at once as 发送中. */
export function addOutgoing(thread: ChatThread, message: Pick<OutgoingMessage, "clientMsgId" | "type" | "content">) {
  thread.outgoing = thread.outgoing.filter((item) => item.clientMsgId !== message.clientMsgId);
  thread.outgoing.push({ ...message, status: "sending" });
}

/**
 * What the outbox says of a message of mine: it waits for the connection, goes out again, failed,
 * or came back from its store (after a reload, or written in another tab: then added last). It
 * keeps its place among my messages.
 */
export function updateOutgoing(thread: ChatThread, message: OutgoingMessage): void {
  const { error, ...rest } = message;
  const updated: OutgoingMessage = message.status === "failed" && error !== undefined ? { ...rest, error } : rest;
  const index = thread.outgoing.findIndex((item) => item.clientMsgId === message.clientMsgId);
  if (index < 0) thread.outgoing.push(updated);
  else thread.outgoing[index] = updated;
}

/** The server has stored my message: its copy takes the place of the pending one. */
export function acknowledge(thread: ChatThread, clientMsgId: string, stored: ChatMessage): void {
  thread.outgoing = thread.outgoing.filter((item) => item.clientMsgId !== clientMsgId);
  mergeMessages(thread, [stored]);
}

export function markFailed(thread: ChatThread, clientMsgId: string, error: string): void {
  const item = thread.outgoing.find((outgoing) => outgoing.clientMsgId === clientMsgId);
  if (!item) return;
  item.status = "failed";
  item.error = error;
}

/**
 * Reads history from the newest message back until it reaches `newestKnownId` (or the first
 * message): what arrived while the socket was down. With no known message, one page is enough.
 */
export async function fetchMissed(
  fetchPage: (before?: string) => Promise<ChatHistory>,
  newestKnownId: string | undefined,
): Promise<ChatHistory> {
  const list: ChatMessage[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await fetchPage(before);
    list.push(...page.list);
    const oldest = page.list.at(-1);
    if (!page.hasMore || !oldest || newestKnownId === undefined || Number(oldest.id) <= Number(newestKnownId)) {
      return { list, hasMore: page.hasMore };
    }
    before = oldest.id;
  }
}
