import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTicketFor, type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { type AppPair, createAppPair } from "../../test-support/app-pair.js";
import { type RedisServer, redisServer } from "../../test-support/redis-server.js";
import { isAckOf, isMessageWith, isType, listen, openSocket, textFrame } from "../../test-support/sockets.js";
import { call, createTestApp } from "../../test-support/test-app.js";

let redis: RedisServer;
let pair: AppPair;
let baseA: string;
let baseB: string;

beforeAll(async () => {
  redis = await redisServer();
  pair = await createAppPair(redis.url, { CHAT_HEARTBEAT_SECONDS: "1" });
  [baseA, baseB] = [await listen(pair.a.app), await listen(pair.b)];
});
afterAll(async () => {
  await pair?.close();
  await redis?.stop();
});

/** Polls readiness until it answers `status`; ioredis retries at least every 2 s. */
async function readiness(app: FastifyInstance, status: number, withinMs = 10_000) {
  const until = Date.now() + withinMs;
  for (;;) {
    const reply = await call(app, "GET", "/api/health/ready");
    if (reply.status === status || Date.now() > until) return reply;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function chatBetween(from: RegisteredUser, to: RegisteredUser): Promise<string> {
  const chat = await call(pair.a.app, "POST", "/api/mychatlist/create", { token: from.token, body: { peerId: to.id } });
  return chat.data.chatId;
}

describe("chat while Redis is away (two server apps, one Redis of the test's own)", () => {
  it("delivers on the same process, acks without an error, marks read; across processes again once Redis is back", async () => {
    const alice = await registerUser(pair.a.app, pair.a.dataDir);
    const bob = await registerUser(pair.a.app, pair.a.dataDir);
    const chatId = await chatBetween(alice, bob);
    await Promise.all([readiness(pair.a.app, 200), readiness(pair.b, 200)]);
    const aliceOnA = await openSocket(baseA, alice.token);
    const bobOnA = await openSocket(baseA, bob.token);
    const bobOnB = await openSocket(baseB, bob.token);
    aliceOnA.send(textFrame(chatId, "before"));
    await Promise.all([bobOnA.next(isMessageWith("before")), bobOnB.next(isMessageWith("before"))]);

    await redis.stop();
    aliceOnA.send(textFrame(chatId, "during"));
    const ack = await aliceOnA.next(isAckOf("during"));
    expect((await bobOnA.next(isMessageWith("during"))).message).toEqual(ack.message);
    expect((await aliceOnA.next(isMessageWith("during"))).message).toEqual(ack.message);
    const setRead = await call(pair.a.app, "PUT", "/api/mychatlist/setread", { token: bob.token, body: { chatId } });
    expect(setRead).toMatchObject({ status: 200, code: 200 });
    expect(await bobOnA.next(isType("read"))).toMatchObject({ readUpTo: ack.message.id });
    expect(await readiness(pair.a.app, 503)).toMatchObject({
      status: 503,
      code: 503,
      msg: "服务暂时不可用，请稍后再试",
    });
    expect(aliceOnA.frames.filter(isType("error"))).toEqual([]);

    await redis.start();
    expect(await readiness(pair.a.app, 200)).toMatchObject({ data: { database: "ok", redis: "ok" } });
    expect(await readiness(pair.b, 200)).toMatchObject({ status: 200 });
    aliceOnA.send(textFrame(chatId, "after"));
    expect((await bobOnB.next(isMessageWith("after"))).message.senderId).toBe(alice.id);
    // What B missed meanwhile comes with the history, as the client fetches it after a reconnect.
    const history = await call(pair.b, "GET", `/api/chat/getlist?chatId=${chatId}`, { token: bob.token });
    expect(history.data.list.map((message: { content: string }) => message.content)).toContain("during");
    expect(bobOnB.frames.filter(isType("message")).map((frame) => frame.message.content)).toEqual(["before", "after"]);
    expect(aliceOnA.frames.filter(isType("error"))).toEqual([]);
    await Promise.all([aliceOnA, bobOnA, bobOnB].map((socket) => socket.close()));
  });

  it("delivers each frame once on the process that sent it", async () => {
    const alice = await registerUser(pair.a.app, pair.a.dataDir);
    const bob = await registerUser(pair.a.app, pair.a.dataDir);
    const chatId = await chatBetween(alice, bob);
    await readiness(pair.a.app, 200);
    const aliceOnA = await openSocket(baseA, alice.token);
    const bobOnA = await openSocket(baseA, bob.token);
    const bobOnB = await openSocket(baseB, bob.token);
    aliceOnA.send(textFrame(chatId, "once"));
    await bobOnB.next(isMessageWith("once"));
    bobOnA.send({ type: "ping" });
    await bobOnA.next(isType("pong"));
    expect(bobOnA.frames.filter(isMessageWith("once"))).toHaveLength(1);
    await Promise.all([aliceOnA, bobOnA, bobOnB].map((socket) => socket.close()));
  });

  it("ends a reset session's sockets on the other process too", async () => {
    const victim = await registerUser(pair.a.app, pair.a.dataDir);
    await readiness(pair.b, 200);
    const onB = await openSocket(baseB, victim.token);
    const emailTicket = await emailTicketFor(pair.a.app, pair.a.dataDir, victim.email, "reset_password");
    const reset = await call(pair.a.app, "POST", "/api/user/password/reset", {
      body: { email: victim.email, emailTicket, newPassword: "another42" },
    });
    expect(reset).toMatchObject({ code: 200 });
    expect((await onB.closed).code).toBe(4401);
  });
});

describe("ending sessions while Redis is away", () => {
  it("closes the socket on the other process at its next session check (every heartbeat)", async () => {
    const victim = await registerUser(pair.a.app, pair.a.dataDir);
    await readiness(pair.b, 200);
    const onB = await openSocket(baseB, victim.token);
    const emailTicket = await emailTicketFor(pair.a.app, pair.a.dataDir, victim.email, "reset_password");
    await redis.stop();
    try {
      const reset = await call(pair.a.app, "POST", "/api/user/password/reset", {
        body: { email: victim.email, emailTicket, newPassword: "another42" },
      });
      expect(reset).toMatchObject({ status: 200, code: 200 });
      const closedWithin = Date.now() + 3000;
      expect((await onB.closed).code).toBe(4401);
      expect(Date.now()).toBeLessThan(closedWithin);
    } finally {
      await redis.start();
    }
  });
});

describe("starting while Redis is down", () => {
  it("starts, answers live and not ready, and becomes ready once Redis is up", async () => {
    const later = await redisServer({ running: false });
    const t = await createTestApp({ REDIS_URL: later.url });
    try {
      expect(await call(t.app, "GET", "/api/health/live")).toMatchObject({ status: 200, code: 200 });
      expect(await call(t.app, "GET", "/api/health/ready")).toMatchObject({ status: 503, code: 503 });
      await later.start();
      expect(await readiness(t.app, 200)).toMatchObject({ status: 200, data: { database: "ok", redis: "ok" } });
    } finally {
      await t.close();
      await later.stop();
    }
  });
});
