import "fake-indexeddb/auto";
import type { SendFrame } from "@xianzhi/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createOutbox, OUTBOX_ERRORS } from "./outbox";
import { openOutboxStore, ownerOf, rememberOwner } from "./outbox-store";

/**
 * The outbox's store in IndexedDB (fake-indexeddb's, in memory for this file): each test uses a
 * database of its own.
 */

let databases = 0;
const newDatabase = () => `outbox-test-${++databases}`;

const frame = (clientMsgId: string, content = "还在吗？"): SendFrame => ({
  type: "send",
  chatId: "7",
  msgType: "text",
  content,
  clientMsgId,
});

/** The module as a reloaded page gets it: its own connection to the database. */
async function reloaded() {
  vi.resetModules();
  return (await import("./outbox-store")).openOutboxStore;
}

const ids = (messages: { frame: SendFrame }[]) => messages.map((message) => message.frame.clientMsgId).sort();

afterEach(() => {
  vi.useRealTimers();
});

describe("the outbox's store in IndexedDB", () => {
  it("keeps a message until it is removed, the failed mark replacing the message kept", async () => {
    const db = newDatabase();
    const store = openOutboxStore("1", db);
    await store.put({ frame: frame("c1"), queuedAt: 10 });
    await store.put({ frame: frame("c2"), queuedAt: 11 });
    await store.put({ frame: frame("c1"), queuedAt: 10, failed: OUTBOX_ERRORS.timeout });
    expect(await store.load()).toEqual(
      expect.arrayContaining([
        { frame: frame("c1"), queuedAt: 10, failed: OUTBOX_ERRORS.timeout },
        { frame: frame("c2"), queuedAt: 11 },
      ]),
    );
    await store.remove("c1");
    expect(await store.load()).toEqual([{ frame: frame("c2"), queuedAt: 11 }]);
  });

  it("keeps each user's messages apart: another account neither reads them nor clears them", async () => {
    const db = newDatabase();
    const mine = openOutboxStore("1", db);
    const theirs = openOutboxStore("12", db);
    const another = openOutboxStore("2", db);
    await mine.put({ frame: frame("c1", "我的"), queuedAt: 1 });
    await theirs.put({ frame: frame("c1", "用户 12 的"), queuedAt: 2 });
    await another.put({ frame: frame("c3"), queuedAt: 3 });
    expect(await mine.load()).toEqual([{ frame: frame("c1", "我的"), queuedAt: 1 }]);
    expect(await theirs.load()).toEqual([{ frame: frame("c1", "用户 12 的"), queuedAt: 2 }]);

    await mine.clear(); // signed out
    expect(await mine.load()).toEqual([]);
    expect(ids(await theirs.load())).toEqual(["c1"]);
    expect(ids(await another.load())).toEqual(["c3"]);
    await theirs.remove("c1");
    expect(await theirs.load()).toEqual([]);
    expect(ids(await another.load())).toEqual(["c3"]);
  });

  it("knows whose a session was, for a page reloaded offline, until that user signs out", async () => {
    const db = newDatabase();
    await rememberOwner("token-of-1", "1", db);
    await rememberOwner("token-of-2", "2", db);
    const openAgain = await reloaded();
    const { ownerOf: ownerAfterReload } = await import("./outbox-store");
    expect(await ownerAfterReload("token-of-1", db)).toBe("1");
    expect(await ownerAfterReload("token-of-2", db)).toBe("2");
    expect(await ownerAfterReload("another-token", db)).toBeUndefined();
    // The token itself is not kept.
    const kept = await new Promise<string>((resolve) => {
      const request = indexedDB.open(db);
      request.onsuccess = () => {
        const read = request.result.transaction("owners").objectStore("owners").getAll();
        read.onsuccess = () => resolve(JSON.stringify(read.result));
      };
    });
    expect(kept).not.toContain("token-of-1");

    await openAgain("1", db).clear();
    expect(await ownerOf("token-of-1", db)).toBeUndefined();
    expect(await ownerOf("token-of-2", db)).toBe("2");
  });

  it("keeps the messages across a reload", async () => {
    const db = newDatabase();
    await openOutboxStore("1", db).put({ frame: frame("c1"), queuedAt: 1 });
    const openAgain = await reloaded();
    expect(await openAgain("1", db).load()).toEqual([{ frame: frame("c1"), queuedAt: 1 }]);
  });
});

describe("the outbox over its IndexedDB store", () => {
  /** A page of user `userId` whose socket is open or not, with its outbox over the database `db`. */
  function page(open: boolean) {
    const socket = { open, sent: [] as string[] };
    const states: string[] = [];
    const outbox = createOutbox(
      {
        send(sent) {
          if (!socket.open) return false;
          socket.sent.push(sent.clientMsgId);
          return true;
        },
        changed: (changed, status) => states.push(`${changed.clientMsgId}:${status.state}`),
        failed: () => {},
      },
      { ackTimeoutMs: 1000, maxAttempts: 3 },
    );
    return { socket, states, outbox };
  }

  it("sends a message written offline once after a reload, and forgets it once acknowledged", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const db = newDatabase();
    const before = page(false);
    await before.outbox.attach(openOutboxStore("1", db));
    before.outbox.submit(frame("c1", "离线写的"));
    before.outbox.submit(frame("c2", "离线写的第二条"));
    await vi.waitFor(async () => expect(ids(await openOutboxStore("1", db).load())).toEqual(["c1", "c2"]));

    const openAgain = await reloaded();
    const after = page(false);
    await after.outbox.attach(openAgain("1", db));
    expect(after.states).toEqual(["c1:waiting", "c2:waiting"]);
    after.socket.open = true;
    await after.outbox.resendAll();
    expect(after.socket.sent).toEqual(["c1", "c2"]);
    after.outbox.acknowledged("c1");
    after.outbox.acknowledged("c2");
    await vi.waitFor(async () => expect(await openAgain("1", db).load()).toEqual([]));
    vi.advanceTimersByTime(10_000);
    expect(after.socket.sent).toEqual(["c1", "c2"]);
  });

  it("shows and sends none of one user's waiting messages to another signed in on the same browser", async () => {
    const db = newDatabase();
    const first = page(false);
    await first.outbox.attach(openOutboxStore("1", db));
    first.outbox.submit(frame("c1"));
    await vi.waitFor(async () => expect(ids(await openOutboxStore("1", db).load())).toEqual(["c1"]));

    const other = page(true);
    await other.outbox.attach(openOutboxStore("2", db));
    await other.outbox.resendAll();
    expect(other.states).toEqual([]);
    expect(other.socket.sent).toEqual([]);
  });

  it("forgets the user's waiting messages at sign-out: the next page has none", async () => {
    const db = newDatabase();
    const before = page(false);
    await before.outbox.attach(openOutboxStore("1", db));
    before.outbox.submit(frame("c1"));
    await before.outbox.clear();
    const after = page(true);
    await after.outbox.attach(openOutboxStore("1", db));
    expect(after.states).toEqual([]);
    expect(after.socket.sent).toEqual([]);
  });
});
