import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, redisServer } from "../../test-support/redis-server.js";
import {
  api,
  createServerData,
  type ServerData,
  type ServerProcess,
  signedInUser,
  startServer,
  stopServer,
} from "../../test-support/server-process.js";
import { isAckOf, isMessageWith, isType, openSocket, textFrame } from "../../test-support/sockets.js";

let data: ServerData;
let redis: RedisServer;
let env: Record<string, string>;
let serverA: ServerProcess;
let serverB: ServerProcess;

beforeAll(async () => {
  data = await createServerData();
  redis = await redisServer();
  env = {
    ...data.env,
    REDIS_URL: redis.url,
    REDIS_CHANNEL: `xianzhi:test:${randomBytes(4).toString("hex")}`,
  };
  [serverA, serverB] = await Promise.all([startServer(env), startServer(env)]);
}, 60_000);

afterAll(async () => {
  await Promise.all([stopServer(serverA), stopServer(serverB)]);
  await redis?.stop();
  await data?.remove();
});

/** Polls readiness until it answers `status` (ioredis retries at least every 2 s). */
async function readiness(server: ServerProcess, status: number, withinMs = 10_000) {
  const until = Date.now() + withinMs;
  for (;;) {
    const reply = await api(server, "GET", "/api/health/ready");
    if (reply.status === status || Date.now() > until) return reply;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("two server processes while their Redis is stopped and started again", () => {
  it("keeps chat on each process, acks without an error, and delivers across processes again", async () => {
    const alice = await signedInUser(data.db, "outage_alice");
    const bob = await signedInUser(data.db, "outage_bob");
    const chat = await api(serverA, "POST", "/api/mychatlist/create", alice.token, { peerId: bob.id });
    const chatId = chat.data.chatId as string;
    await Promise.all([readiness(serverA, 200), readiness(serverB, 200)]);
    const aliceOnA = await openSocket(serverA.ws, alice.token);
    const bobOnA = await openSocket(serverA.ws, bob.token);
    const bobOnB = await openSocket(serverB.ws, bob.token);
    aliceOnA.send(textFrame(chatId, "before"));
    await bobOnB.next(isMessageWith("before"));

    await redis.stop();
    aliceOnA.send(textFrame(chatId, "during"));
    const ack = await aliceOnA.next(isAckOf("during"));
    expect((await bobOnA.next(isMessageWith("during"))).message).toEqual(ack.message);
    expect(await api(serverA, "PUT", "/api/mychatlist/setread", bob.token, { chatId })).toMatchObject({
      status: 200,
      code: 200,
    });
    expect(await readiness(serverB, 503)).toMatchObject({ status: 503, code: 503 });
    expect(aliceOnA.frames.filter(isType("error"))).toEqual([]);

    await redis.start();
    await Promise.all([readiness(serverA, 200), readiness(serverB, 200)]);
    aliceOnA.send(textFrame(chatId, "after"));
    expect((await bobOnB.next(isMessageWith("after"))).message.senderId).toBe(alice.id);
    const history = await api(serverB, "GET", `/api/chat/getlist?chatId=${chatId}`, bob.token);
    expect(history.data.list.map((message: { content: string }) => message.content)).toContain("during");
    expect(aliceOnA.frames.filter(isType("error"))).toEqual([]);
    await Promise.all([aliceOnA, bobOnA, bobOnB].map((socket) => socket.close()));
  });

  it("starts a process while Redis is down; it becomes ready once Redis is up", async () => {
    const later = await redisServer({ running: false });
    let server: ServerProcess | undefined;
    try {
      server = await startServer({ ...env, REDIS_URL: later.url });
      expect(await api(server, "GET", "/api/health/live")).toMatchObject({ status: 200, code: 200 });
      expect(await api(server, "GET", "/api/health/ready")).toMatchObject({ status: 503, code: 503 });
      await later.start();
      expect(await readiness(server, 200)).toMatchObject({ data: { database: "ok", redis: "ok" } });
    } finally {
      await stopServer(server);
      await later.stop();
    }
  });
});
