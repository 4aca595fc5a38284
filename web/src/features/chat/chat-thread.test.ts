import type { ChatHistory, ChatMessage } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import {
  acknowledge,
  addOutgoing,
  fetchMissed,
  markFailed,
  mergeMessages,
  mergeMissed,
  mergeOlderPage,
  threadFromPage,
} from "./chat-thread";

const message = (id: number, content = `消息 ${id}`): ChatMessage => ({
  id: String(id),
  chatId: "7",
  senderId: "1",
  type: "text",
  content,
  createdAt: "2026-11-23T10:00:00.000Z",
});

/** A server page: newest first, older than `before`. */
function serverPage(all: ChatMessage[], pageSize: number, before?: string): ChatHistory {
  const older = all.filter((m) => before === undefined || Number(m.id) < Number(before)).reverse();
  return { list: older.slice(0, pageSize), hasMore: older.length > pageSize };
}

const ids = (messages: ChatMessage[]) => messages.map((m) => m.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

describe("a chat's thread in the cache", () => {
  it("holds the newest page oldest first, then older pages above it, each message once", () => {
    const all = range(1, 5);
    const thread = threadFromPage(serverPage(all, 2));
    expect(ids(thread.messages)).toEqual(["4", "5"]);
    expect(thread.hasMore).toBe(true);

    mergeOlderPage(thread, serverPage(all, 2, "4"));
    mergeOlderPage(thread, serverPage(all, 3, "3"));
    expect(ids(thread.messages)).toEqual(["1", "2", "3", "4", "5"]);
    expect(thread.hasMore).toBe(false);
  });

  it("takes a live message once, however often it arrives", () => {
    const thread = threadFromPage(serverPage(range(1, 2), 10));
    mergeMessages(thread, [message(3)]);
    mergeMessages(thread, [message(3)]);
    expect(ids(thread.messages)).toEqual(["1", "2", "3"]);
  });

  it("replaces my pending message by the server's when the ack arrives", () => {
    const thread = threadFromPage(serverPage(range(1, 2), 10));
    addOutgoing(thread, { clientMsgId: "c1", type: "text", content: "还在吗？" });
    expect(thread.outgoing).toEqual([{ clientMsgId: "c1", type: "text", content: "还在吗？", status: "sending" }]);

    acknowledge(thread, "c1", message(3, "还在吗？"));
    expect(thread.outgoing).toEqual([]);
    expect(thread.messages.at(-1)).toMatchObject({ id: "3", content: "还在吗？" });
    // The same message pushed live to my other tabs (and this one) does not show twice.
    mergeMessages(thread, [message(3, "还在吗？")]);
    expect(ids(thread.messages)).toEqual(["1", "2", "3"]);
  });

  it("marks a message failed with the reason, and sending it again makes it pending once more", () => {
    const thread = threadFromPage({ list: [], hasMore: false });
    addOutgoing(thread, { clientMsgId: "c1", type: "text", content: "你好" });
    markFailed(thread, "c1", "发送超时，请重发");
    expect(thread.outgoing).toEqual([
      { clientMsgId: "c1", type: "text", content: "你好", status: "failed", error: "发送超时，请重发" },
    ]);
    addOutgoing(thread, { clientMsgId: "c1", type: "text", content: "你好" });
    expect(thread.outgoing).toEqual([{ clientMsgId: "c1", type: "text", content: "你好", status: "sending" }]);
  });
});

describe("catching up after a reconnect", () => {
  it("pages back to the newest known message and merges what was missed in order, without duplicates", async () => {
    const all = range(1, 10);
    const thread = threadFromPage(serverPage(range(1, 4), 3));
    mergeMessages(thread, [message(6)]); // one arrived live before the socket dropped
    const asked: (string | undefined)[] = [];
    const missed = await fetchMissed((before) => {
      asked.push(before);
      return Promise.resolve(serverPage(all, 3, before));
    }, "6");
    expect(asked).toEqual([undefined, "8"]); // 10 9 8, then 7 6 5: reached message 6
    mergeMissed(thread, missed);
    expect(ids(thread.messages)).toEqual(["2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    expect(thread.hasMore).toBe(true);
  });

  it("reads one page for a thread that had no messages and learns whether older ones remain", async () => {
    const thread = threadFromPage({ list: [], hasMore: false });
    const missed = await fetchMissed((before) => Promise.resolve(serverPage(range(1, 5), 3, before)), undefined);
    mergeMissed(thread, missed);
    expect(ids(thread.messages)).toEqual(["3", "4", "5"]);
    expect(thread.hasMore).toBe(true);
  });

  it("stops at the first message when everything is new", async () => {
    const missed = await fetchMissed((before) => Promise.resolve(serverPage(range(1, 5), 2, before)), "0");
    expect(ids(missed.list)).toEqual(["5", "4", "3", "2", "1"]);
  });
});
