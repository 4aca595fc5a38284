import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  createServerData,
  type ServerData,
  type ServerProcess,
  signedInUser,
  startServer,
  stopServer,
} from "../../test-support/server-process.js";
import { isMessageWith, isType, openSocket } from "../../test-support/sockets.js";

let data: ServerData;
let serverA: ServerProcess;
let serverB: ServerProcess;

beforeAll(async () => {
  data = await createServerData();
  const env = {
    ...data.env,
    REDIS_URL: process.env.TEST_REDIS_URL as string,
    REDIS_CHANNEL: `xianzhi:test:${randomBytes(4).toString("hex")}`,
  };
  [serverA, serverB] = await Promise.all([startServer(env), startServer(env)]);
}, 60_000);

afterAll(async () => {
  await Promise.all([stopServer(serverA), stopServer(serverB)]);
  await data?.remove();
});

describe("chat across two server processes (one PostgreSQL, one Redis)", () => {
  it("delivers a message sent on process A to the peer's sockets on process B, and read marks back", async () => {
    const alice = await signedInUser(data.db, "cluster_alice");
    const bob = await signedInUser(data.db, "cluster_bob");
    const chat = await api(serverA, "POST", "/api/mychatlist/create", alice.token, { peerId: bob.id });
    expect(chat.code).toBe(200);

    const aliceOnA = await openSocket(serverA.ws, alice.token);
    const bobOnB = await openSocket(serverB.ws, bob.token);
    const bobOnA = await openSocket(serverA.ws, bob.token);

    aliceOnA.send({
      type: "send",
      chatId: chat.data.chatId,
      msgType: "text",
      content: "跨进程你好",
      clientMsgId: "x1",
    });
    const ack = await aliceOnA.next(isType("ack"));
    const onB = await bobOnB.next(isType("message"));
    expect(onB.message).toEqual(ack.message);
    expect((await bobOnA.next(isType("message"))).message.id).toBe(ack.message.id);

    bobOnB.send({ type: "send", chatId: chat.data.chatId, msgType: "text", content: "收到", clientMsgId: "y1" });
    const reply = await aliceOnA.next(isMessageWith("收到"));
    expect(reply.message.senderId).toBe(bob.id);

    expect(await api(serverB, "PUT", "/api/mychatlist/setread", bob.token, { chatId: chat.data.chatId })).toMatchObject(
      { code: 200 },
    );
    expect(await aliceOnA.next(isType("read"))).toEqual({
      type: "read",
      chatId: chat.data.chatId,
      userId: bob.id,
      readUpTo: reply.message.id,
    });
    await Promise.all([aliceOnA.close(), bobOnB.close(), bobOnA.close()]);
  });
});
