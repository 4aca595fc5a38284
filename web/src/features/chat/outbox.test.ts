import type { SendFrame } from "@xianzhi/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createOutbox, OUTBOX_ERRORS, type OutboxStatus, type OutboxStore, type QueuedMessage } from "./outbox";

const frame = (clientMsgId: string, content = "还在吗？"): SendFrame => ({
  type: "send",
  chatId: "7",
  msgType: "text",
  content,
  clientMsgId,
});

const options = { ackTimeoutMs: 1000, maxAttempts: 3 };

/** A store in memory, as IndexedDB would keep one user's messages: shared by the pages given it. */
function memoryStore() {
  const kept = new Map<string, QueuedMessage>();
  const store: OutboxStore = {
    load: () => Promise.resolve([...kept.values()].map((message) => structuredClone(message))),
    put: (message) => {
      kept.set(message.frame.clientMsgId, structuredClone(message));
      return Promise.resolve();
    },
    remove: (clientMsgId) => {
      kept.delete(clientMsgId);
      return Promise.resolve();
    },
    clear: () => {
      kept.clear();
      return Promise.resolve();
    },
  };
  return { store, kept: () => [...kept.values()] };
}

/** A socket shared by the pages (tabs) of one user: open or not; records what reached the server. */
function network(open = true) {
  return { open, sent: [] as string[] };
}

/** One page's outbox over `net`; records what it said of each message and what failed. */
function page(net = network()) {
  const said: { clientMsgId: string; status: OutboxStatus }[] = [];
  const failed: { clientMsgId: string; reason: string }[] = [];
  let clock = 0;
  const outbox = createOutbox(
    {
      send(sent) {
        if (!net.open) return false;
        net.sent.push(sent.clientMsgId);
        return true;
      },
      changed: (changed, status) => said.push({ clientMsgId: changed.clientMsgId, status }),
      failed: (gaveUp, reason) => failed.push({ clientMsgId: gaveUp.clientMsgId, reason }),
      now: () => ++clock,
    },
    options,
  );
  const lastSaid = (clientMsgId: string) => said.filter((item) => item.clientMsgId === clientMsgId).at(-1)?.status;
  return { net, socket: net, said, lastSaid, failed, outbox };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the outbox of my chat messages, over an open socket", () => {
  it("sends a message once when the ack comes in time, and forgets it in its store", async () => {
    const { socket, failed, outbox } = page();
    const { store, kept } = memoryStore();
    await outbox.attach(store);
    outbox.submit(frame("c1"));
    expect(kept().map((message) => message.frame.clientMsgId)).toEqual(["c1"]);
    vi.advanceTimersByTime(999);
    outbox.acknowledged("c1");
    vi.advanceTimersByTime(10_000);
    expect(socket.sent).toEqual(["c1"]);
    expect(failed).toEqual([]);
    expect(kept()).toEqual([]);
  });

  it("sends an unacknowledged message again with the same clientMsgId, then marks it failed and keeps it for 重发", async () => {
    const { socket, failed, outbox } = page();
    const { store, kept } = memoryStore();
    await outbox.attach(store);
    outbox.submit(frame("c1"));
    vi.advanceTimersByTime(1000);
    expect(socket.sent).toEqual(["c1", "c1"]);
    vi.advanceTimersByTime(1000);
    expect(socket.sent).toEqual(["c1", "c1", "c1"]);
    expect(failed).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(failed).toEqual([{ clientMsgId: "c1", reason: OUTBOX_ERRORS.timeout }]);
    vi.advanceTimersByTime(10_000);
    expect(socket.sent).toHaveLength(3);
    expect(kept()).toEqual([{ frame: frame("c1"), queuedAt: 1, failed: OUTBOX_ERRORS.timeout }]);
    // A reconnect does not send a failed message by itself: 重发 does.
    await outbox.resendAll();
    expect(socket.sent).toHaveLength(3);
    outbox.submit(frame("c1"));
    expect(socket.sent).toHaveLength(4);
    expect(kept()).toEqual([{ frame: frame("c1"), queuedAt: 2 }]);
  });

  it("stops retrying once a late ack arrives", () => {
    const { socket, failed, outbox } = page();
    outbox.submit(frame("c1"));
    vi.advanceTimersByTime(1500);
    outbox.acknowledged("c1");
    vi.advanceTimersByTime(10_000);
    expect(socket.sent).toEqual(["c1", "c1"]);
    expect(failed).toEqual([]);
  });

  it("fails at once with the server's reason when the server refuses a message, and forgets it in its store", async () => {
    const { socket, failed, outbox } = page();
    const { store, kept } = memoryStore();
    await outbox.attach(store);
    outbox.submit(frame("c1"));
    outbox.refused("c1", "发送太快了，请稍后再试");
    vi.advanceTimersByTime(10_000);
    expect(socket.sent).toEqual(["c1"]);
    expect(failed).toEqual([{ clientMsgId: "c1", reason: "发送太快了，请稍后再试" }]);
    expect(kept()).toEqual([]);
  });
});

describe("the outbox while the connection is down", () => {
  it("keeps a message waiting, never failing it, and sends each once in order when the socket opens", async () => {
    const { socket, failed, lastSaid, outbox } = page(network(false));
    const { store, kept } = memoryStore();
    await outbox.attach(store);
    outbox.submit(frame("c1", "第一条"));
    outbox.submit(frame("c2", "第二条"));
    expect(lastSaid("c1")).toEqual({ state: "waiting" });
    expect(lastSaid("c2")).toEqual({ state: "waiting" });
    vi.advanceTimersByTime(24 * 3600 * 1000);
    expect(socket.sent).toEqual([]);
    expect(failed).toEqual([]);
    expect(kept()).toHaveLength(2);

    socket.open = true;
    await outbox.resendAll();
    expect(socket.sent).toEqual(["c1", "c2"]);
    expect(lastSaid("c1")).toEqual({ state: "sending" });
    outbox.acknowledged("c1");
    outbox.acknowledged("c2");
    // The socket opening again later sends nothing more.
    await outbox.resendAll();
    vi.advanceTimersByTime(10_000);
    expect(socket.sent).toEqual(["c1", "c2"]);
    expect(failed).toEqual([]);
    expect(kept()).toEqual([]);
  });

  it("makes a message on its way wait when the socket drops, and sends it again when it is back", async () => {
    const { socket, failed, lastSaid, outbox } = page();
    outbox.submit(frame("c1"));
    expect(socket.sent).toEqual(["c1"]);
    vi.advanceTimersByTime(500);
    socket.open = false;
    outbox.disconnected();
    expect(lastSaid("c1")).toEqual({ state: "waiting" });
    vi.advanceTimersByTime(60_000);
    expect(socket.sent).toEqual(["c1"]);
    expect(failed).toEqual([]);

    socket.open = true;
    await outbox.resendAll();
    expect(socket.sent).toEqual(["c1", "c1"]);
    // A new connection: its attempts start again (three, as for a new message).
    vi.advanceTimersByTime(2000);
    expect(socket.sent).toEqual(["c1", "c1", "c1", "c1"]);
    vi.advanceTimersByTime(1000);
    expect(failed).toEqual([{ clientMsgId: "c1", reason: OUTBOX_ERRORS.timeout }]);
  });

  it("waits rather than fails when the socket closed unnoticed between two attempts", () => {
    const { socket, failed, lastSaid, outbox } = page();
    outbox.submit(frame("c1"));
    socket.open = false;
    vi.advanceTimersByTime(10_000);
    expect(socket.sent).toEqual(["c1"]);
    expect(failed).toEqual([]);
    expect(lastSaid("c1")).toEqual({ state: "waiting" });
  });

  it("forgets everything on sign-out, in its store too, without reporting failures", async () => {
    const { socket, failed, outbox } = page(network(false));
    const { store, kept } = memoryStore();
    await outbox.attach(store);
    outbox.submit(frame("c1"));
    await outbox.clear();
    expect(kept()).toEqual([]);
    socket.open = true;
    await outbox.resendAll();
    vi.advanceTimersByTime(10_000);
    expect(socket.sent).toEqual([]);
    expect(failed).toEqual([]);
  });
});

describe("the outbox across a reload and across tabs", () => {
  it("brings back what waited before a reload, shown waiting, and sends each once when the socket opens", async () => {
    const shared = memoryStore();
    const before = page(network(false));
    await before.outbox.attach(shared.store);
    before.outbox.submit(frame("c1", "离线写的"));
    before.outbox.submit(frame("c2", "也是离线写的"));
    before.outbox.detach(); // the page goes

    const after = page(network(false));
    await after.outbox.attach(shared.store);
    expect(after.said).toEqual([
      { clientMsgId: "c1", status: { state: "waiting" } },
      { clientMsgId: "c2", status: { state: "waiting" } },
    ]);
    vi.advanceTimersByTime(60_000);
    expect(after.failed).toEqual([]);

    after.socket.open = true;
    await after.outbox.resendAll();
    expect(after.socket.sent).toEqual(["c1", "c2"]);
    after.outbox.acknowledged("c1");
    after.outbox.acknowledged("c2");
    expect(shared.kept()).toEqual([]);
    await after.outbox.resendAll();
    expect(after.socket.sent).toEqual(["c1", "c2"]);
  });

  it("sends at once what comes back from the store when the socket opened before the user was known", async () => {
    const shared = memoryStore();
    await shared.store.put({ frame: frame("c1"), queuedAt: 1 });
    const { socket, said, outbox } = page();
    await outbox.resendAll(); // the socket opened; nothing known yet
    expect(socket.sent).toEqual([]);
    await outbox.attach(shared.store);
    expect(said.map((item) => item.status.state)).toEqual(["waiting", "sending"]);
    expect(socket.sent).toEqual(["c1"]);
  });

  it("stores what was written before the user was known once their store is attached", async () => {
    const shared = memoryStore();
    const { outbox } = page(network(false));
    outbox.submit(frame("c1"));
    expect(shared.kept()).toEqual([]);
    await outbox.attach(shared.store);
    expect(shared.kept().map((message) => message.frame.clientMsgId)).toEqual(["c1"]);
  });

  it("brings back a failed message as failed, for 重发, without sending it", async () => {
    const shared = memoryStore();
    await shared.store.put({ frame: frame("c1"), queuedAt: 1, failed: OUTBOX_ERRORS.timeout });
    const { socket, said, failed, outbox } = page();
    await outbox.attach(shared.store);
    await outbox.resendAll();
    expect(said).toEqual([{ clientMsgId: "c1", status: { state: "failed", reason: OUTBOX_ERRORS.timeout } }]);
    expect(socket.sent).toEqual([]);
    expect(failed).toEqual([]);
  });

  it("does not bring back a message acknowledged while the store was being read", async () => {
    const shared = memoryStore();
    const { socket, said, outbox } = page();
    await outbox.attach(shared.store);
    outbox.submit(frame("c1"));
    const reading = outbox.resendAll(); // read the store while c1 is in it
    outbox.acknowledged("c1");
    await reading;
    expect(socket.sent).toEqual(["c1", "c1"]);
    expect(said).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(socket.sent).toEqual(["c1", "c1"]);
  });

  it("lets two tabs of one user send a message written offline under one clientMsgId, which the server stores once", async () => {
    const shared = memoryStore();
    const net = network(false);
    const [first, second] = [page(net), page(net)];
    await first.outbox.attach(shared.store);
    await second.outbox.attach(shared.store);
    first.outbox.submit(frame("c1", "两个标签页"));

    net.open = true;
    await Promise.all([first.outbox.resendAll(), second.outbox.resendAll()]);
    // The second tab learnt of it from the store and shows it waiting, then on its way.
    expect(second.said.map((item) => item.status.state)).toEqual(["waiting", "sending"]);
    // Both tabs sent it, under the same clientMsgId: the server stores one message per sender and clientMsgId.
    expect(net.sent).toEqual(["c1", "c1"]);
    expect(new Set(net.sent).size).toBe(1);
    // Each tab hears its ack (the server answers a repeat with the stored message) and stops.
    first.outbox.acknowledged("c1");
    second.outbox.acknowledged("c1");
    vi.advanceTimersByTime(10_000);
    expect(net.sent).toEqual(["c1", "c1"]);
    expect(shared.kept()).toEqual([]);
    expect([...first.failed, ...second.failed]).toEqual([]);
  });

  it("gives another user on the same browser none of the previous user's messages", async () => {
    const mine = memoryStore();
    const theirs = memoryStore();
    const { socket, said, outbox } = page(network(false));
    await outbox.attach(mine.store);
    outbox.submit(frame("c1"));
    outbox.detach(); // signed in as someone else
    await outbox.attach(theirs.store);
    socket.open = true;
    await outbox.resendAll();
    expect(socket.sent).toEqual([]);
    expect(said.map((item) => item.clientMsgId)).toEqual(["c1"]); // c1's waiting, before the switch
    expect(mine.kept().map((message) => message.frame.clientMsgId)).toEqual(["c1"]);
    expect(theirs.kept()).toEqual([]);
  });

  it("goes on sending from memory when its store fails", async () => {
    const broken: OutboxStore = {
      load: () => Promise.reject(new Error("QuotaExceededError")),
      put: () => Promise.reject(new Error("QuotaExceededError")),
      remove: () => Promise.reject(new Error("QuotaExceededError")),
      clear: () => Promise.reject(new Error("QuotaExceededError")),
    };
    const { socket, outbox } = page(network(false));
    await outbox.attach(broken);
    outbox.submit(frame("c1"));
    socket.open = true;
    await outbox.resendAll();
    expect(socket.sent).toEqual(["c1"]);
    outbox.acknowledged("c1");
    await outbox.clear();
  });
});
