import { ChatLimits } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { type AppPair, createAppPair } from "../../test-support/app-pair.js";
import { type RedisServer, redisServer } from "../../test-support/redis-server.js";
import { isType, listen, openSocket, type TestSocket } from "../../test-support/sockets.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
let base: string;
let redis: RedisServer;
let pair: AppPair;
let pairBases: [string, string];

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  redis = await redisServer();
  pair = await createAppPair(redis.url);
  pairBases = [await listen(pair.a.app), await listen(pair.b)];
});
afterAll(async () => {
  await Promise.all([t?.close(), pair?.close()]);
  await redis?.stop();
});

/** Resolves once the socket has answered `count` send frames (ack or error) or has been closed. */
function answered(socket: TestSocket, count: number): Promise<void> {
  const done = () => socket.frames.filter((frame) => frame.type === "ack" || frame.type === "error").length >= count;
  return new Promise((resolve) => {
    const check = () => (done() ? resolve() : undefined);
    socket.socket.on("message", check);
    void socket.closed.then(() => resolve());
    check();
  });
}

/**
 * Every socket sends as much as one socket may (a full burst) at the same moment; answers how many
 * messages were stored and the seconds that took.
 */
async function flood(app: TestApp["app"], sockets: TestSocket[], chatId: string): Promise<[number, number]> {
  const started = Date.now();
  sockets.forEach((socket, s) => {
    for (let i = 0; i < ChatLimits.frameBurst; i += 1) {
      socket.send({ type: "send", chatId, msgType: "text", content: `flood ${s}/${i}`, clientMsgId: `f${s}-${i}` });
    }
  });
  await Promise.all(sockets.map((socket) => answered(socket, ChatLimits.frameBurst)));
  const seconds = (Date.now() - started) / 1000;
  const stored = await app.db
    .selectFrom("messages")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("chatId", "=", Number(chatId))
    .executeTakeFirstOrThrow();
  return [Number(stored.count), seconds];
}

async function chatOf(app: TestApp["app"], from: RegisteredUser, to: RegisteredUser): Promise<string> {
  const chat = await call(app, "POST", "/api/mychatlist/create", { token: from.token, body: { peerId: to.id } });
  return chat.data.chatId;
}

/** What the per-user count lets through in that time (plus one for the clock's edges). */
const allowedIn = (seconds: number) =>
  ChatLimits.userMessageBurst + Math.ceil(seconds * ChatLimits.userMessagesPerSecond) + 1;

describe("sockets per user", () => {
  it(`refuses a user's socket past ${ChatLimits.socketsPerUserMax} with 1008 and 连接数过多, and takes one again after a close`, async () => {
    const user = await registerUser(t.app, t.dataDir);
    const sockets = await Promise.all(
      Array.from({ length: ChatLimits.socketsPerUserMax }, () => openSocket(base, user.token)),
    );
    for (const socket of sockets) socket.send({ type: "ping" });
    await Promise.all(sockets.map((socket) => socket.next(isType("pong"))));

    const extra = await openSocket(base, user.token);
    expect(await extra.closed).toMatchObject({ code: 1008 });
    expect(extra.frames).toEqual([{ type: "error", code: 429, msg: "连接数过多" }]);

    await sockets[0]?.close();
    const again = await openSocket(base, user.token);
    again.send({ type: "ping" });
    expect(await again.next(isType("pong"))).toEqual({ type: "pong" });
    await Promise.all([...sockets, again].map((socket) => socket.close()));
  });
});

describe("chat messages per user", () => {
  it("counts a user's messages over all their sockets, not per socket", async () => {
    const sender = await registerUser(t.app, t.dataDir);
    const peer = await registerUser(t.app, t.dataDir);
    const chatId = await chatOf(t.app, sender, peer);
    const sockets = await Promise.all(
      Array.from({ length: ChatLimits.socketsPerUserMax }, () => openSocket(base, sender.token)),
    );
    const [stored, seconds] = await flood(t.app, sockets, chatId);
    expect(stored).toBeGreaterThanOrEqual(ChatLimits.userMessageBurst);
    expect(stored).toBeLessThanOrEqual(allowedIn(seconds));
    const refused = sockets.flatMap((socket) => socket.frames.filter(isType("error")));
    expect(refused[0]).toMatchObject({ code: 429, msg: "发送太快了，请稍后再试" });
    await Promise.all(sockets.map((socket) => socket.close()));
  });

  it("shares the count between server processes through Redis", async () => {
    const sender = await registerUser(pair.a.app, pair.a.dataDir);
    const peer = await registerUser(pair.a.app, pair.a.dataDir);
    const chatId = await chatOf(pair.a.app, sender, peer);
    const sockets = await Promise.all(
      Array.from({ length: ChatLimits.socketsPerUserMax }, (_, i) => openSocket(pairBases[i % 2] ?? "", sender.token)),
    );
    const [stored, seconds] = await flood(pair.a.app, sockets, chatId);
    expect(stored).toBeGreaterThanOrEqual(ChatLimits.userMessageBurst);
    expect(stored).toBeLessThanOrEqual(allowedIn(seconds));
    await Promise.all(sockets.map((socket) => socket.close()));
  });
});
