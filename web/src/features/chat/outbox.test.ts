import type { SendFrame } from "@xianzhi/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createOutbox, OUTBOX_ERRORS } from "./outbox";

const frame = (clientMsgId: string): SendFrame => ({
  type: "send",
  chatId: "7",
  msgType: "text",
  content: "还在吗？",
  clientMsgId,
});

const options = { ackTimeoutMs: 1000, maxAttempts: 3 };

/** An outbox over a socket that is open or not; records what was sent and what failed. */
function setUp(open = true) {
  const socket = { open, sent: [] as string[] };
  const failed: { clientMsgId: string; reason: string }[] = [];
  const outbox = createOutbox(
    (sent) => {
      if (!socket.open) return false;
      socket.sent.push(sent.clientMsgId);
      return true;
    },
    (gaveUp, reason) => failed.push({ clientMsgId: gaveUp.clientMsgId, reason }),
    options,
  );
  return { socket, failed, outbox };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the outbox of my chat messages", () => {
  it("sends a message once when the ack comes in time", () => {
    const { socket, failed, outbox } = setUp();
    outbox.submit(frame("c1"));
    vi.advanceTimersByTime(999);
    outbox.acknowledged("c1");
    vi.advanceTimersByTime(10_000);
    expect(socket.sent).toEqual(["c1"]);
    expect(failed).toEqual([]);
  });

  it("sends an unacknowledged message again with the same clientMsgId, then marks it failed", () => {
    const { socket, failed, outbox } = setUp();
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
  });

  it("stops retrying once a late ack arrives", () => {
    const { socket, failed, outbox } = setUp();
    outbox.submit(frame("c1"));
    vi.advanceTimersByTime(1500);
    outbox.acknowledged("c1");
    vi.advanceTimersByTime(10_000);
    expect(socket.sent).toEqual(["c1", "c1"]);
    expect(failed).toEqual([]);
  });

  it("sends what waited offline as soon as the socket is open again", () => {
    const { socket, failed, outbox } = setUp(false);
    outbox.submit(frame("c1"));
    outbox.submit(frame("c2"));
    vi.advanceTimersByTime(500);
    socket.open = true;
    outbox.resendAll();
    expect(socket.sent).toEqual(["c1", "c2"]);
    outbox.acknowledged("c1");
    outbox.acknowledged("c2");
    vi.advanceTimersByTime(10_000);
    expect(failed).toEqual([]);
  });

  it("says the connection is down when no attempt reached a socket", () => {
    const { failed, outbox } = setUp(false);
    outbox.submit(frame("c1"));
    vi.advanceTimersByTime(3000);
    expect(failed).toEqual([{ clientMsgId: "c1", reason: OUTBOX_ERRORS.offline }]);
  });

  it("fails at once with the server's reason when the server refuses a message", () => {
    const { socket, failed, outbox } = setUp();
    outbox.submit(frame("c1"));
    outbox.refused("c1", "发送太快了，请稍后再试");
    vi.advanceTimersByTime(10_000);
    expect(socket.sent).toEqual(["c1"]);
    expect(failed).toEqual([{ clientMsgId: "c1", reason: "发送太快了，请稍后再试" }]);
  });

  it("forgets everything on sign-out without reporting failures", () => {
    const { socket, failed, outbox } = setUp();
    outbox.submit(frame("c1"));
    outbox.clear();
    vi.advanceTimersByTime(10_000);
    expect(socket.sent).toEqual(["c1"]);
    expect(failed).toEqual([]);
  });
});
