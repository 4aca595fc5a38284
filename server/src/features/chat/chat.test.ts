import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { isType, listen, openSocket } from "../../test-support/sockets.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
let base: string;
let seller: RegisteredUser;
let buyer: RegisteredUser;
let stranger: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ CHAT_HEARTBEAT_SECONDS: "1" });
  base = await listen(t.app);
  [seller, buyer, stranger] = [
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
  ];
});
afterAll(() => t.close());

const openChat = (user: RegisteredUser, body: Record<string, unknown>) =>
  call(t.app, "POST", "/api/mychatlist/create", { token: user.token, body });
const clientMsgId = () => randomBytes(6).toString("hex");
const text = (chatId: string, content: string, id = clientMsgId()) => ({
  type: "send",
  chatId,
  msgType: "text",
  content,
  clientMsgId: id,
});

describe("opening a chat", () => {
  it("gives the same chat to the same two users and goods, from either side", async () => {
    const goods = await postGoods(t.app, seller.token);
    const first = await openChat(buyer, { peerId: seller.id, goodsId: goods.id });
    expect(first).toMatchObject({
      code: 200,
      data: {
        chatId: expect.any(String),
        peer: { id: seller.id, username: seller.username },
        goods: { id: goods.id, title: goods.title },
        lastMessage: null,
        unreadCount: 0,
      },
    });
    const fromSeller = await openChat(seller, { peerId: buyer.id, goodsId: goods.id });
    expect(fromSeller.data).toMatchObject({ chatId: first.data.chatId, peer: { id: buyer.id } });
    const aboutNothing = await openChat(buyer, { peerId: seller.id });
    expect(aboutNothing.data.chatId).not.toBe(first.data.chatId);
    expect(aboutNothing.data.goods).toBeNull();
  });

  it("never makes a duplicate when both press 'chat' at the same moment", async () => {
    const goods = await postGoods(t.app, seller.token);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? openChat(buyer, { peerId: seller.id, goodsId: goods.id })
          : openChat(seller, { peerId: buyer.id, goodsId: goods.id }),
      ),
    );
    expect(replies.every((reply) => reply.code === 200)).toBe(true);
    expect(new Set(replies.map((reply) => reply.data.chatId)).size).toBe(1);
    const rows = await t.app.db.selectFrom("chats").selectAll().where("goodsId", "=", Number(goods.id)).execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses oneself, unknown users and goods, bad ids and anonymous users", async () => {
    expect(await openChat(buyer, { peerId: buyer.id })).toMatchObject({ code: 1401, msg: "不能和自己聊天" });
    expect(await openChat(buyer, { peerId: "999999" })).toMatchObject({ status: 404, msg: "用户不存在" });
    expect(await openChat(buyer, { peerId: seller.id, goodsId: "999999" })).toMatchObject({ status: 404 });
    expect(await openChat(buyer, { peerId: "abc" })).toMatchObject({ status: 400, msg: "聊天对象格式不正确" });
    expect(await openChat(buyer, {})).toMatchObject({ status: 400, msg: "聊天对象不能为空" });
    expect(await call(t.app, "POST", "/api/mychatlist/create", { body: { peerId: seller.id } })).toMatchObject({
      status: 401,
    });
  });
});

describe("messages over the socket", () => {
  it("stores a message, acknowledges it, and pushes it to every socket of both members", async () => {
    const chat = (await openChat(buyer, { peerId: seller.id })).data;
    const buyerSocket = await openSocket(base, buyer.token);
    const sellerPhone = await openSocket(base, seller.token);
    const sellerLaptop = await openSocket(base, seller.token);

    const id = clientMsgId();
    buyerSocket.send(text(chat.chatId, "你好，还在吗？", id));
    const ack = await buyerSocket.next(isType("ack"));
    expect(ack).toMatchObject({
      clientMsgId: id,
      message: { chatId: chat.chatId, senderId: buyer.id, type: "text", content: "你好，还在吗？" },
    });
    const stored = await t.app.db
      .selectFrom("messages")
      .selectAll()
      .where("id", "=", Number(ack.message.id))
      .executeTakeFirst();
    expect(stored?.content).toBe("你好，还在吗？");
    for (const socket of [sellerPhone, sellerLaptop, buyerSocket]) {
      expect(
        await socket.next((frame) => frame.type === "message" && frame.message.id === ack.message.id),
      ).toBeTruthy();
    }

    const sellerChats = await call(t.app, "GET", "/api/mychatlist/getlist", { token: seller.token });
    expect(sellerChats.data.list[0]).toMatchObject({
      chatId: chat.chatId,
      peer: { id: buyer.id },
      lastMessage: { id: ack.message.id, content: "你好，还在吗？" },
      unreadCount: 1,
    });
    expect(await call(t.app, "GET", "/api/mychatlist/unread", { token: seller.token })).toMatchObject({
      data: { unreadTotal: 1 },
    });
    const buyerChats = await call(t.app, "GET", "/api/mychatlist/getlist", { token: buyer.token });
    expect(buyerChats.data.list[0]).toMatchObject({ chatId: chat.chatId, unreadCount: 0, peerReadUpTo: null });

    const read = await call(t.app, "PUT", "/api/mychatlist/setread", {
      token: seller.token,
      body: { chatId: chat.chatId },
    });
    expect(read).toMatchObject({ code: 200 });
    expect(await buyerSocket.next(isType("read"))).toEqual({
      type: "read",
      chatId: chat.chatId,
      userId: seller.id,
      readUpTo: ack.message.id,
    });
    expect(
      (await call(t.app, "GET", "/api/mychatlist/getlist", { token: seller.token })).data.list[0].unreadCount,
    ).toBe(0);
    // The buyer now sees their message as read (已读).
    expect(
      (await call(t.app, "GET", "/api/mychatlist/getlist", { token: buyer.token })).data.list[0].peerReadUpTo,
    ).toBe(ack.message.id);
    await Promise.all([buyerSocket.close(), sellerPhone.close(), sellerLaptop.close()]);
  });

  it("counts a reply as having read what came before it", async () => {
    const asker = await registerUser(t.app, t.dataDir);
    const chat = (await openChat(asker, { peerId: seller.id })).data;
    const [askerSocket, sellerSocket] = await Promise.all([
      openSocket(base, asker.token),
      openSocket(base, seller.token),
    ]);
    askerSocket.send(text(chat.chatId, "能便宜点吗？"));
    const question = await askerSocket.next(isType("ack"));
    sellerSocket.send(text(chat.chatId, "最低八百"));
    const reply = await sellerSocket.next(isType("ack"));

    const askerView = (await call(t.app, "GET", "/api/mychatlist/getlist", { token: asker.token })).data.list[0];
    expect(askerView).toMatchObject({ chatId: chat.chatId, peerReadUpTo: reply.message.id, unreadCount: 1 });
    const sellerView = (await call(t.app, "GET", "/api/mychatlist/getlist", { token: seller.token })).data.list[0];
    expect(sellerView).toMatchObject({ chatId: chat.chatId, unreadCount: 0, peerReadUpTo: question.message.id });
    await Promise.all([askerSocket.close(), sellerSocket.close()]);
  });

  it("lists chats newest activity first", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const older = (await openChat(user, { peerId: seller.id })).data;
    const newer = (await openChat(user, { peerId: buyer.id })).data;
    const socket = await openSocket(base, user.token);
    socket.send(text(older.chatId, "顶一下"));
    await socket.next(isType("ack"));
    const list = await call(t.app, "GET", "/api/mychatlist/getlist", { token: user.token });
    expect(list.data.list.map((item: { chatId: string }) => item.chatId)).toEqual([older.chatId, newer.chatId]);
    expect(list.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    const second = await call(t.app, "GET", "/api/mychatlist/getlist?page=2&pageSize=1", { token: user.token });
    expect(second.data.list.map((item: { chatId: string }) => item.chatId)).toEqual([newer.chatId]);
    await socket.close();
  });

  it("sends image and goods messages, checking what they point at", async () => {
    const goods = await postGoods(t.app, seller.token);
    const chat = (await openChat(buyer, { peerId: seller.id, goodsId: goods.id })).data;
    const socket = await openSocket(base, buyer.token);
    const picture = `/files/${"a".repeat(32)}.webp`;
    socket.send({ type: "send", chatId: chat.chatId, msgType: "image", content: picture, clientMsgId: "img-1" });
    expect(await socket.next(isType("ack"))).toMatchObject({ message: { type: "image", content: picture } });
    socket.send({ type: "send", chatId: chat.chatId, msgType: "goods", content: goods.id, clientMsgId: "goods-1" });
    expect(await socket.next(isType("ack"))).toMatchObject({ message: { type: "goods", content: goods.id } });

    socket.send({
      type: "send",
      chatId: chat.chatId,
      msgType: "image",
      content: "https://evil.example/x.png",
      clientMsgId: "img-2",
    });
    expect(await socket.next(isType("error"))).toMatchObject({
      code: 400,
      msg: "图片消息须是本站上传的图片",
      clientMsgId: "img-2",
    });
    socket.send({ type: "send", chatId: chat.chatId, msgType: "goods", content: "999999", clientMsgId: "goods-2" });
    expect(await socket.next(isType("error"))).toMatchObject({ code: 404, clientMsgId: "goods-2" });
    await socket.close();
  });

  it("answers a resend of the same clientMsgId with the stored message, not a copy, counted unread once", async () => {
    const chat = (await openChat(buyer, { peerId: seller.id })).data;
    const sellerUnread = async () =>
      (await call(t.app, "GET", "/api/mychatlist/getlist", { token: seller.token })).data.list.find(
        (item: { chatId: string }) => item.chatId === chat.chatId,
      ).unreadCount;
    const unreadBefore = await sellerUnread();
    const socket = await openSocket(base, buyer.token);
    socket.send(text(chat.chatId, "只发一次", "same-id"));
    const first = await socket.next(isType("ack"));
    socket.send(text(chat.chatId, "只发一次", "same-id"));
    const second = await socket.next(isType("ack"));
    expect(second.message.id).toBe(first.message.id);
    const rows = await t.app.db.selectFrom("messages").select("id").where("clientMsgId", "=", "same-id").execute();
    expect(rows).toHaveLength(1);
    expect(await sellerUnread()).toBe(unreadBefore + 1);
    await socket.close();
  });
});

describe("history", () => {
  it("pages backwards with before, with no gaps or repeats while new messages arrive", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const chat = (await openChat(user, { peerId: seller.id })).data;
    const socket = await openSocket(base, user.token);
    const sendAndWait = async (content: string) => {
      socket.send(text(chat.chatId, content));
      return (await socket.next((frame) => frame.type === "ack" && frame.message.content === content)) as {
        message: { id: string };
      };
    };
    for (let i = 1; i <= 5; i++) await sendAndWait(`旧 ${i}`);
    const history = (query: string) =>
      call(t.app, "GET", `/api/chat/getlist?chatId=${chat.chatId}&${query}`, { token: user.token });

    const first = await history("pageSize=2");
    expect(first.data.list.map((m: { content: string }) => m.content)).toEqual(["旧 5", "旧 4"]);
    expect(first.data.hasMore).toBe(true);
    await sendAndWait("新 1");
    const second = await history(`pageSize=2&before=${first.data.list.at(-1).id}`);
    expect(second.data.list.map((m: { content: string }) => m.content)).toEqual(["旧 3", "旧 2"]);
    const third = await history(`pageSize=2&before=${second.data.list.at(-1).id}`);
    expect(third.data).toMatchObject({ hasMore: false, list: [{ content: "旧 1" }] });
    await socket.close();
  });

  it("lets a reconnecting client fetch what it missed", async () => {
    const chat = (await openChat(buyer, { peerId: stranger.id })).data;
    const buyerSocket = await openSocket(base, buyer.token);
    buyerSocket.send(text(chat.chatId, "在吗"));
    const before = await buyerSocket.next(isType("ack"));
    await buyerSocket.close();

    const strangerSocket = await openSocket(base, stranger.token);
    for (const content of ["在的", "还要吗"]) {
      strangerSocket.send(text(chat.chatId, content));
      await strangerSocket.next((frame) => frame.type === "ack" && frame.message.content === content);
    }
    const reconnected = await openSocket(base, buyer.token);
    const missed = await call(t.app, "GET", `/api/chat/getlist?chatId=${chat.chatId}`, { token: buyer.token });
    const newer = missed.data.list.filter((m: { id: string }) => Number(m.id) > Number(before.message.id));
    expect(newer.map((m: { content: string }) => m.content)).toEqual(["还要吗", "在的"]);
    await Promise.all([reconnected.close(), strangerSocket.close()]);
  });

  it("is only for members: 403 for others, 404 for unknown chats, 400 for bad queries", async () => {
    const chat = (await openChat(buyer, { peerId: seller.id })).data;
    expect(
      await call(t.app, "GET", `/api/chat/getlist?chatId=${chat.chatId}`, { token: stranger.token }),
    ).toMatchObject({
      status: 403,
      msg: "你不在这个会话中",
    });
    expect(await call(t.app, "GET", "/api/chat/getlist?chatId=999999", { token: buyer.token })).toMatchObject({
      status: 404,
    });
    expect(await call(t.app, "GET", "/api/chat/getlist", { token: buyer.token })).toMatchObject({ status: 400 });
    expect(
      await call(t.app, "GET", `/api/chat/getlist?chatId=${chat.chatId}&pageSize=1000`, { token: buyer.token }),
    ).toMatchObject({
      status: 400,
    });
    expect(
      await call(t.app, "PUT", "/api/mychatlist/setread", { token: stranger.token, body: { chatId: chat.chatId } }),
    ).toMatchObject({
      status: 403,
    });
  });
});

describe("bad frames and bad sockets", () => {
  it("answers bad frames with an error frame and keeps the socket", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const chat = (await openChat(user, { peerId: seller.id })).data;
    const socket = await openSocket(base, user.token);
    const cases: [unknown, object][] = [
      ["{not json", { code: 400, msg: "消息不是合法的 JSON" }],
      [{ type: "dance" }, { code: 400, msg: "不支持的消息类型" }],
      [[1, 2], { code: 400, msg: "不支持的消息类型" }],
      [
        { ...text(chat.chatId, "x".repeat(1001)), clientMsgId: "long" },
        { code: 400, msg: "内容最多 1000 个字符", clientMsgId: "long" },
      ],
      [
        { ...text(chat.chatId, "   "), clientMsgId: "blank" },
        { code: 400, msg: "内容不能为空", clientMsgId: "blank" },
      ],
      [
        { type: "send", chatId: chat.chatId, msgType: "text", content: "hi" },
        { code: 400, msg: "客户端消息编号不能为空" },
      ],
      [
        { ...text(chat.chatId, "hi"), msgType: "video" },
        { code: 400, msg: "消息类型取值无效" },
      ],
    ];
    for (const [frame, expected] of cases) {
      socket.send(frame);
      expect(await socket.next(isType("error")), JSON.stringify(frame)).toMatchObject(expected);
    }
    socket.send({ type: "ping" });
    expect(await socket.next(isType("pong"))).toEqual({ type: "pong" });
    const stored = await t.app.db
      .selectFrom("messages")
      .select("id")
      .where("chatId", "=", Number(chat.chatId))
      .execute();
    expect(stored).toEqual([]);
    await socket.close();
  });

  it("refuses offer cards and notices from clients: only the server writes those", async () => {
    const goods = await postGoods(t.app, seller.token);
    const chat = (await openChat(buyer, { peerId: seller.id, goodsId: goods.id })).data;
    const socket = await openSocket(base, buyer.token);
    for (const msgType of ["offer", "notice"]) {
      socket.send({ ...text(chat.chatId, "1", `forged-${msgType}`), msgType });
      expect(await socket.next(isType("error"))).toMatchObject({
        code: 400,
        msg: "消息类型取值无效",
        clientMsgId: `forged-${msgType}`,
      });
    }
    const stored = await t.app.db
      .selectFrom("messages")
      .select("id")
      .where("chatId", "=", Number(chat.chatId))
      .execute();
    expect(stored).toEqual([]);
    await socket.close();
  });

  it("never lets a non-member send to or read a chat", async () => {
    const chat = (await openChat(buyer, { peerId: seller.id })).data;
    const sellerSocket = await openSocket(base, seller.token);
    const intruder = await openSocket(base, stranger.token);
    intruder.send(text(chat.chatId, "我也来", "intrude"));
    expect(await intruder.next(isType("error"))).toMatchObject({
      code: 403,
      msg: "你不在这个会话中",
      clientMsgId: "intrude",
    });
    intruder.send(text("999999", "?", "nowhere"));
    expect(await intruder.next(isType("error"))).toMatchObject({ code: 404, clientMsgId: "nowhere" });

    const buyerSocket = await openSocket(base, buyer.token);
    buyerSocket.send(text(chat.chatId, "私聊内容"));
    await sellerSocket.next(isType("message"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(intruder.frames.filter((frame) => frame.type === "message")).toEqual([]);
    await Promise.all([sellerSocket.close(), intruder.close(), buyerSocket.close()]);
  });

  it.each([
    ["an unknown token", "made-up"],
    ["no token", ""],
  ])("closes a socket with %s after an error frame", async (_label, token) => {
    const socket = await openSocket(base, token);
    expect(await socket.next(isType("error"))).toMatchObject({ code: 401 });
    expect(await socket.closed).toMatchObject({ code: 4401, reason: "unauthorized" });
  });

  it("closes a socket whose token expired", async () => {
    const user = await registerUser(t.app, t.dataDir);
    await t.app.db
      .updateTable("sessions")
      .set({ expiresAt: "2000-01-01T00:00:00.000Z" })
      .where("userId", "=", Number(user.id))
      .execute();
    const socket = await openSocket(base, user.token);
    expect(await socket.next(isType("error"))).toMatchObject({ code: 401, msg: "登录已失效，请重新登录" });
    expect((await socket.closed).code).toBe(4401);
  });

  it("warns a flooding socket, then closes it; the server carries on", async () => {
    const socket = await openSocket(base, buyer.token);
    for (let i = 0; i < 60; i++) socket.send({ type: "ping" });
    expect(await socket.next((frame) => frame.type === "error" && frame.code === 429)).toMatchObject({
      msg: "发送太快了，请稍后再试",
    });
    expect(await socket.closed).toEqual({ code: 1008, reason: "too many messages" });
    const fresh = await openSocket(base, buyer.token);
    fresh.send({ type: "ping" });
    expect(await fresh.next(isType("pong"))).toEqual({ type: "pong" });
    await fresh.close();
  });

  it("drops a connection that stops answering pings", async () => {
    const silent = await openSocket(base, buyer.token, { answerPings: false });
    const closed = await Promise.race([
      silent.closed,
      new Promise((resolve) => setTimeout(() => resolve("still open"), 5000)),
    ]);
    expect(closed).not.toBe("still open");
  });
});
