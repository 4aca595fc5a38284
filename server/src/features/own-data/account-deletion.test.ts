import fs from "node:fs/promises";
import path from "node:path";
import { DELETED_USER_NAME } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceDeps } from "../../services.js";
import { type RegisteredUser, readNewestMail, registerUser } from "../../test-support/accounts.js";
import { postGoods, upload } from "../../test-support/goods.js";
import { isAckOf, isType, listen, openSocket, textFrame } from "../../test-support/sockets.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { answerOffer, madeOffer, refusedWithoutWriting } from "../../test-support/trade.js";
import { purgeDeletedAccounts } from "./account-deletion.js";

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(() => t.close());

const newUser = () => registerUser(t.app, t.dataDir);
const deleteAccount = (user: RegisteredUser, password = user.password) =>
  call(t.app, "POST", "/api/user/delete", { token: user.token, body: { password } });
const signIn = (user: RegisteredUser, password = user.password) =>
  call(t.app, "POST", "/api/user/login/username", { body: { username: user.username, password } });
const fileExists = (url: string) =>
  fs.access(path.join(t.dataDir, "uploads", path.basename(url))).then(
    () => true,
    () => false,
  );
const search = async (keyword: string) =>
  (await call(t.app, "GET", `/api/goods/search/list?keyword=${encodeURIComponent(keyword)}`)).data.total;

/** What the socket answers to a text message: "ack", or the error's message. */
async function sendText(user: RegisteredUser, chatId: string, content: string): Promise<string> {
  const socket = await openSocket(base, user.token);
  socket.send(textFrame(chatId, content));
  const answer = await socket.next((frame) => isAckOf(content)(frame) || isType("error")(frame));
  await socket.close();
  return answer.type === "ack" ? "ack" : (answer as { msg: string }).msg;
}

/** Every category's listed count as kept in goods_stats, against the goods themselves. */
async function listedCountsAgree(): Promise<void> {
  const stats = await t.app.db.selectFrom("goodsStats").selectAll().execute();
  for (const { category, listedCount } of stats) {
    const listed = await t.app.db
      .selectFrom("goods")
      .select("id")
      .where("category", "=", category)
      .where("listed", "=", 1)
      .execute();
    expect(Number(listedCount), category).toBe(listed.length);
  }
}

describe("closing an account", () => {
  it("ends sign-in at once, takes the goods down and shows 已注销用户 to the others", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const picture = (await upload(t.app, seller.token)).data;
    const avatar = (await upload(t.app, seller.token)).data;
    await call(t.app, "PUT", "/api/user/userinfo", {
      token: seller.token,
      body: { nickname: "老王", avatarUrl: avatar.url, bio: "自用闲置" },
    });
    const goods = await postGoods(t.app, seller.token, { title: "注销测试的徕卡相机", fileIds: [picture.fileId] });
    const buyersGoods = await postGoods(t.app, buyer.token, { title: "买家的书架" });
    await call(t.app, "POST", "/api/goodscomment", {
      token: seller.token,
      body: { goodsId: buyersGoods.id, content: "书架还在吗" },
    });
    const chat = await call(t.app, "POST", "/api/mychatlist/create", {
      token: buyer.token,
      body: { peerId: seller.id, goodsId: goods.id },
    });
    expect(await sendText(seller, chat.data.chatId, "相机还在")).toBe("ack");
    const sellersSocket = await openSocket(base, seller.token);
    expect(await search("徕卡")).toBe(1);

    expect(await deleteAccount(seller, "wrong-pass1")).toMatchObject({ code: 1106, msg: "密码错误" });
    expect((await call(t.app, "GET", "/api/user/getinfo", { token: seller.token })).code).toBe(200);
    expect(await search("徕卡")).toBe(1);

    expect(await deleteAccount(seller)).toMatchObject({ status: 200, code: 200, msg: "账号已注销" });
    expect((await sellersSocket.closed).code).toBe(4401);
    expect(await call(t.app, "GET", "/api/user/getinfo", { token: seller.token })).toMatchObject({ status: 401 });
    expect(await signIn(seller)).toMatchObject({ code: 1901, msg: "该账号已注销，无法登录" });
    expect(await signIn(seller, "wrong-pass1")).toMatchObject({ code: 1104 });

    expect(await search("徕卡")).toBe(0);
    expect(await call(t.app, "GET", `/api/goods/info/${goods.id}`)).toMatchObject({ status: 404 });
    expect(await fileExists(picture.url)).toBe(false);
    expect(await fileExists(avatar.url)).toBe(false);
    expect(await call(t.app, "GET", `/api/user/${seller.id}/profile`)).toMatchObject({ status: 404 });
    await listedCountsAgree();

    const gone = { id: seller.id, username: DELETED_USER_NAME, nickname: DELETED_USER_NAME, avatarUrl: null };
    const chats = await call(t.app, "GET", "/api/mychatlist/getlist", { token: buyer.token });
    expect(chats.data.list[0]).toMatchObject({ chatId: chat.data.chatId, peer: gone, goods: null });
    const history = await call(t.app, "GET", `/api/chat/getlist?chatId=${chat.data.chatId}`, { token: buyer.token });
    expect(history.data.list.map((message: { content: string }) => message.content)).toEqual(["相机还在"]);
    const comments = await call(t.app, "GET", `/api/goodscomment/getlist/${buyersGoods.id}`);
    expect(comments.data.list[0]).toMatchObject({ content: "书架还在吗", user: gone });

    expect(await sendText(buyer, chat.data.chatId, "还在吗")).toBe("对方已注销账号，无法继续发送消息");
    const again = await call(t.app, "POST", "/api/mychatlist/create", {
      token: buyer.token,
      body: { peerId: seller.id },
    });
    expect(again).toMatchObject({ status: 404 });
    const follow = await call(t.app, "POST", "/api/follows", { token: buyer.token, body: { userId: seller.id } });
    expect(follow).toMatchObject({ status: 404 });
  });

  it("is refused while a deal is in progress, changing nothing", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token);
    const offer = await madeOffer(t.app, buyer.token, goods.id, 100);
    await answerOffer(t.app, seller.token, offer.id, "accept");
    for (const party of [seller, buyer]) {
      await refusedWithoutWriting(t, () => deleteAccount(party), { code: 1902 });
    }
    expect((await signIn(seller)).code).toBe(200);
  });

  it("withdraws the open offers the user made on others' goods", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token);
    const offer = await madeOffer(t.app, buyer.token, goods.id, 100);
    expect((await deleteAccount(buyer)).code).toBe(200);
    const row = await t.app.db
      .selectFrom("offers")
      .select("status")
      .where("id", "=", Number(offer.id))
      .executeTakeFirst();
    expect(row?.status).toBe("withdrawn");
  });

  it("closes once when asked twice at the same moment", async () => {
    const user = await newUser();
    await postGoods(t.app, user.token, { category: "books" });
    await postGoods(t.app, user.token, { category: "books" });
    const replies = await Promise.all([deleteAccount(user), deleteAccount(user)]);
    const codes = replies.map((reply) => reply.code).sort((a, b) => a - b);
    expect(codes[0]).toBe(200);
    // The other is told the account is closed, or (when it asked after) that its session has ended.
    expect([401, 1901]).toContain(codes[1]);
    await listedCountsAgree();
  });
});

describe("the purge of closed accounts", () => {
  const DAY = 24 * 3600 * 1000;

  it("frees the username and e-mail 30 days after, for anyone to register", async () => {
    const user = await newUser();
    expect((await deleteAccount(user)).code).toBe(200);
    const lateComer = { username: user.username, email: `other-${user.email}` };
    await expect(registerUser(t.app, t.dataDir, lateComer)).rejects.toThrow("用户名已被注册");
    // The address gets a notice instead of a code (the one who asked is told what anyone is told).
    await expect(registerUser(t.app, t.dataDir, { email: user.email })).rejects.toThrow("no code in");
    expect((await readNewestMail(t.dataDir, user.email)).text).toContain("注销满 30 天后");
    // A minute later, when a new code may be sent.
    await t.app.db
      .updateTable("emailCodes")
      .set({ createdAt: new Date(Date.now() - 120_000).toISOString() })
      .where("email", "=", user.email)
      .execute();

    expect(await purgeDeletedAccounts(serviceDeps(t.app), Date.now() + 29 * DAY)).toBe(0);
    expect(await signIn(user)).toMatchObject({ code: 1901 });
    expect(await purgeDeletedAccounts(serviceDeps(t.app), Date.now() + 30 * DAY + 1000)).toBeGreaterThanOrEqual(1);
    expect(await purgeDeletedAccounts(serviceDeps(t.app), Date.now() + 31 * DAY)).toBe(0);

    expect(await signIn(user)).toMatchObject({ code: 1104 });
    const newcomer = await registerUser(t.app, t.dataDir, { username: user.username, email: user.email });
    expect(newcomer.id).not.toBe(user.id);
    expect((await signIn({ ...newcomer, password: newcomer.password })).code).toBe(200);
  });
});
