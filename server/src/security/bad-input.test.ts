import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../test-support/accounts.js";
import { postGoods, upload } from "../test-support/goods.js";
import { isType, listen, openSocket } from "../test-support/sockets.js";
import { call, createTestApp, type TestApp } from "../test-support/test-app.js";

let t: TestApp;
let base: string;
let seller: RegisteredUser;
let buyer: RegisteredUser;
let goodsId: string;
let chatId: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  seller = await registerUser(t.app, t.dataDir);
  buyer = await registerUser(t.app, t.dataDir);
  goodsId = (await postGoods(t.app, seller.token)).id;
  const chat = await call(t.app, "POST", "/api/mychatlist/create", { token: buyer.token, body: { peerId: seller.id } });
  chatId = chat.data.chatId;
});
afterAll(() => t.close());

const BEYOND_INTEGER = "2147483648";
const LARGEST_ID = "2147483647";

/** A raw HTTP exchange, for what the HTTP parser refuses before Fastify sees it. */
function rawRequest(head: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(head));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("utf8");
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [headers = "", body = ""] = answer.split("\r\n\r\n");
      resolve({ status: Number(headers.split(" ")[1]), body });
    });
  });
}

describe("ids beyond the database's integer range", () => {
  const asBuyer = () => ({ token: buyer.token });
  const routes: [string, string, (id: string) => { body?: unknown }, string][] = [
    ["GET", "/api/goods/info/:id", () => ({}), "编号格式不正确"],
    ["PUT", "/api/goods/:id", () => ({ body: { title: "新标题不错" } }), "编号格式不正确"],
    ["PUT", "/api/goods/:id/status", () => ({ body: { status: "sold" } }), "编号格式不正确"],
    ["DELETE", "/api/goods/:id", () => ({}), "编号格式不正确"],
    ["GET", "/api/goodscomment/getlist/:id", () => ({}), "商品编号格式不正确"],
    ["GET", "/api/fav/exists/:id", () => ({}), "商品编号格式不正确"],
    ["DELETE", "/api/fav/:id", () => ({}), "商品编号格式不正确"],
    ["POST", "/api/fav", (id) => ({ body: { goodsId: id } }), "商品编号格式不正确"],
    ["POST", "/api/goodscomment", (id) => ({ body: { goodsId: id, content: "还在吗" } }), "商品编号格式不正确"],
    ["POST", "/api/pic/add", (id) => ({ body: { goodsId: id, fileId: "abc" } }), "商品编号格式不正确"],
    ["POST", "/api/mychatlist/create", (id) => ({ body: { peerId: id } }), "聊天对象格式不正确"],
    ["PUT", "/api/mychatlist/setread", (id) => ({ body: { chatId: id } }), "会话编号格式不正确"],
    ["GET", "/api/chat/getlist?chatId=:id", () => ({}), "会话编号格式不正确"],
  ];

  it.each(routes)("%s %s answers 400 past 2147483647", async (method, url, request, msg) => {
    const reply = await call(t.app, method as "GET", url.replace(":id", BEYOND_INTEGER), {
      ...asBuyer(),
      ...request(BEYOND_INTEGER),
    });
    expect(reply).toMatchObject({ status: 400, code: 400, msg });
  });

  it("answers 404 for the largest id when nothing has it", async () => {
    const token = buyer.token;
    expect(await call(t.app, "GET", `/api/goods/info/${LARGEST_ID}`)).toMatchObject({ status: 404 });
    expect(await call(t.app, "POST", "/api/fav", { token, body: { goodsId: LARGEST_ID } })).toMatchObject({
      status: 404,
    });
    const reply = { token, body: { goodsId, content: "在吗", replyToId: LARGEST_ID } };
    expect(await call(t.app, "POST", "/api/goodscomment", reply)).toMatchObject({ status: 404 });
    expect(
      await call(t.app, "GET", `/api/chat/getlist?chatId=${chatId}&before=${BEYOND_INTEGER}`, { token }),
    ).toMatchObject({ status: 400, msg: "起始消息编号格式不正确" });
  });

  it("answers a chat frame with such an id with an error frame, and the socket lives on", async () => {
    const socket = await openSocket(base, buyer.token);
    socket.send({ type: "send", chatId: BEYOND_INTEGER, msgType: "text", content: "你好", clientMsgId: "big" });
    expect(await socket.next(isType("error"))).toMatchObject({
      code: 400,
      msg: "会话编号格式不正确",
      clientMsgId: "big",
    });
    socket.send({ type: "ping" });
    await socket.next(isType("pong"));
    await socket.close();
  });
});

describe("NUL characters in text", () => {
  const NUL = "\u0000";

  it.each([
    [
      "POST",
      "/api/goods",
      "标题",
      () => ({ title: `自行${NUL}车`, priceCents: 100, category: "other", condition: "good" }),
    ],
    ["PUT", "/api/goods/:goods", "描述", () => ({ description: `好${NUL}` })],
    ["POST", "/api/goodscomment", "内容", () => ({ goodsId, content: `在吗${NUL}` })],
    ["PUT", "/api/user/userinfo", "昵称", () => ({ nickname: `小${NUL}明` })],
    ["PUT", "/api/user/userinfo", "个人简介", () => ({ bio: NUL })],
    ["POST", "/api/user/login/username", "用户名", () => ({ username: `ab${NUL}`, password: "secret123" })],
    ["POST", "/api/user/login/username", "密码", () => ({ username: "abc", password: `secret${NUL}123` })],
    ["POST", "/api/com/confirmcaptcha", "图形验证码编号", () => ({ captchaId: NUL, code: "abcd" })],
    ["POST", "/api/pic/add", "图片", () => ({ goodsId, fileId: `a${NUL}` })],
  ])("%s %s answers 400 naming the %s", async (method, url, label, body) => {
    const reply = await call(t.app, method as "POST", url.replace(":goods", goodsId), {
      token: seller.token,
      body: body(),
    });
    expect(reply).toMatchObject({ status: 400, code: 400, msg: `${label}不能包含空字符` });
  });

  it("answers a search keyword with NUL with 400", async () => {
    const reply = await call(t.app, "GET", "/api/goods/search/list?keyword=%E8%87%AA%00%E8%A1%8C");
    expect(reply).toMatchObject({ status: 400, msg: "关键词不能包含空字符" });
  });

  it("answers a chat message with NUL with an error frame", async () => {
    const socket = await openSocket(base, buyer.token);
    socket.send({ type: "send", chatId, msgType: "text", content: `你${NUL}好`, clientMsgId: "nul" });
    expect(await socket.next(isType("error"))).toMatchObject({
      code: 400,
      msg: "内容不能包含空字符",
      clientMsgId: "nul",
    });
    await socket.close();
  });
});

describe("Fastify's own refusals", () => {
  it("answers a malformed percent-encoding with the 400 envelope", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/goods/info/%E0%A4%A" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: "请求参数错误", data: null });
  });

  it("answers an over-long path parameter with the 414 envelope", async () => {
    const response = await t.app.inject({ method: "GET", url: `/api/goods/info/${"9".repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ code: 414, msg: "请求地址过长", data: null });
  });

  it("answers headers too large for the HTTP parser with the 431 envelope", async () => {
    const reply = await rawRequest(
      `GET /api/goods/getlist HTTP/1.1\r\nHost: x\r\nX-Junk: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(reply.status).toBe(431);
    expect(JSON.parse(reply.body)).toEqual({ code: 431, msg: "请求头过大", data: null });
  });

  it("answers a request the HTTP parser cannot read with the 400 envelope", async () => {
    const reply = await rawRequest("GET /api/goods/getlist HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n");
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual({ code: 400, msg: "请求参数错误", data: null });
  });

  it("answers GET /api/ws without an upgrade with the 426 envelope", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/ws" });
    expect(response.statusCode).toBe(426);
    expect(response.headers.upgrade).toBe("websocket");
    expect(response.json()).toEqual({ code: 426, msg: "请使用 WebSocket 连接", data: null });
  });
});

describe("avatars", () => {
  const setAvatar = (user: RegisteredUser, avatarUrl: string) =>
    call(t.app, "PUT", "/api/user/userinfo", { token: user.token, body: { avatarUrl } });

  it("takes the user's own upload, in either size, and an empty string", async () => {
    const uploaded = (await upload(t.app, buyer.token)).data;
    expect(await setAvatar(buyer, uploaded.thumbUrl)).toMatchObject({
      code: 200,
      data: { avatarUrl: uploaded.thumbUrl },
    });
    expect(await setAvatar(buyer, uploaded.url)).toMatchObject({ code: 200, data: { avatarUrl: uploaded.url } });
    expect(await setAvatar(buyer, "")).toMatchObject({ code: 200, data: { avatarUrl: null } });
  });

  it.each([
    ["an address elsewhere", () => "https://tracker.example.com/pixel.png"],
    ["a made-up upload", () => "/files/0123456789abcdef0123456789abcdef.webp"],
    ["another path of this site", () => "/api/user/getinfo"],
  ])("refuses %s with 400", async (_, avatarUrl) => {
    expect(await setAvatar(buyer, avatarUrl())).toMatchObject({ status: 400, msg: "头像须是你在本站上传的图片" });
    expect((await call(t.app, "GET", "/api/user/getinfo", { token: buyer.token })).data.avatarUrl).toBeNull();
  });

  it("refuses someone else's upload with 400", async () => {
    const theirs = (await upload(t.app, seller.token)).data;
    expect(await setAvatar(buyer, theirs.url)).toMatchObject({ status: 400, msg: "头像须是你在本站上传的图片" });
  });
});
