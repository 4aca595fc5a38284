import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { isType, listen, openSocket } from "../../test-support/sockets.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(() => t.close());

const profileOf = (user: { id: string }) => call(t.app, "GET", `/api/user/${user.id}/profile`);
const goodsOf = (user: { id: string }, query = "") => call(t.app, "GET", `/api/user/${user.id}/goods${query}`);
const setStatus = (seller: RegisteredUser, goodsId: string, status: string) =>
  call(t.app, "PUT", `/api/goods/${goodsId}/status`, { token: seller.token, body: { status } });

/** Opens the chat about the goods (or none) and sends one text message in it as `from`; answers the message. */
async function say(from: RegisteredUser, to: RegisteredUser, goodsId: string | undefined, content: string) {
  const chat = await call(t.app, "POST", "/api/mychatlist/create", {
    token: from.token,
    body: { peerId: to.id, ...(goodsId && { goodsId }) },
  });
  const socket = await openSocket(base, from.token);
  socket.send({
    type: "send",
    chatId: chat.data.chatId,
    msgType: "text",
    content,
    clientMsgId: randomBytes(6).toString("hex"),
  });
  const ack = await socket.next(isType("ack"));
  await socket.close();
  return { chatId: Number(chat.data.chatId), messageId: Number(ack.message.id), createdAt: ack.message.createdAt };
}

/** Moves a message back in time, as if it had been sent `hours` before `from`. */
async function backdate(messageId: number, from: string, hours: number) {
  const createdAt = new Date(Date.parse(from) - hours * 3_600_000).toISOString();
  await t.app.db.updateTable("messages").set({ createdAt }).where("id", "=", messageId).execute();
}

describe("a seller's profile", () => {
  it("shows who they are, where they sell and how many goods are on sale and sold", async () => {
    const seller = await registerUser(t.app, t.dataDir);
    await call(t.app, "PUT", "/api/user/userinfo", {
      token: seller.token,
      body: { nickname: "老张", bio: "只卖自用" },
    });
    const fresh = await profileOf(seller);
    expect(fresh).toMatchObject({
      status: 200,
      code: 200,
      data: {
        id: seller.id,
        username: seller.username,
        nickname: "老张",
        avatarUrl: null,
        bio: "只卖自用",
        createdAt: expect.any(String),
        city: null,
        onSaleCount: 0,
        soldCount: 0,
        responseRate: null,
        responseMinutes: null,
        followerCount: 0,
        followingCount: 0,
      },
    });
    expect(fresh.data).not.toHaveProperty("email");

    const bike = await postGoods(t.app, seller.token, { location: "上海 徐汇" });
    const lamp = await postGoods(t.app, seller.token, { title: "台灯", location: "" });
    const desk = await postGoods(t.app, seller.token, { title: "书桌", location: "杭州" });
    expect((await profileOf(seller)).data).toMatchObject({ city: "杭州", onSaleCount: 3, soldCount: 0 });

    await setStatus(seller, bike.id, "reserved");
    await setStatus(seller, desk.id, "sold");
    // Reserved goods are still in the public lists: still on sale here. The newest goods is sold, still its city.
    expect((await profileOf(seller)).data).toMatchObject({ city: "杭州", onSaleCount: 2, soldCount: 1 });
    await call(t.app, "DELETE", `/api/goods/${desk.id}`, { token: seller.token });
    expect((await profileOf(seller)).data).toMatchObject({ city: "上海 徐汇", onSaleCount: 2, soldCount: 0 });
    await setStatus(seller, lamp.id, "sold");
    expect((await profileOf(seller)).data).toMatchObject({ onSaleCount: 1, soldCount: 1 });
  });

  it("answers 404 for an id no one has and 400 for a malformed one", async () => {
    expect(await profileOf({ id: "999999" })).toMatchObject({ status: 404, code: 404, msg: "用户不存在", data: null });
    expect(await goodsOf({ id: "999999" })).toMatchObject({ status: 404, msg: "用户不存在" });
    for (const id of ["abc", "0", "-1", "1.5", "2147483648"]) {
      expect(await profileOf({ id }), id).toMatchObject({ status: 400, code: 400 });
      expect(await goodsOf({ id }), id).toMatchObject({ status: 400, code: 400 });
    }
  });
});

describe("a seller's goods", () => {
  it("lists the goods on sale (reserved too) and the sold ones apart, newest first, in pages", async () => {
    const seller = await registerUser(t.app, t.dataDir);
    const other = await registerUser(t.app, t.dataDir);
    await postGoods(t.app, other.token, { title: "别人的闲置" });
    const posted = [];
    for (const title of ["第一件", "第二件", "第三件", "第四件"])
      posted.push(await postGoods(t.app, seller.token, { title }));
    const [first, second, third, fourth] = posted.map((goods) => goods.id);
    await setStatus(seller, second as string, "sold");
    await setStatus(seller, third as string, "reserved");

    const onSale = await goodsOf(seller);
    expect(onSale).toMatchObject({ status: 200, data: { total: 3, page: 1, pageSize: 20 } });
    expect(onSale.data.list.map((goods: { id: string }) => goods.id)).toEqual([fourth, third, first]);
    expect(onSale.data.list[1]).toMatchObject({
      title: "第三件",
      status: "reserved",
      seller: { id: seller.id, username: seller.username },
    });

    const sold = await goodsOf(seller, "?status=sold");
    expect(sold.data).toMatchObject({ total: 1, list: [{ id: second, status: "sold" }] });

    const secondPage = await goodsOf(seller, "?status=on_sale&page=2&pageSize=2");
    expect(secondPage.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(secondPage.data.list.map((goods: { id: string }) => goods.id)).toEqual([first]);

    await setStatus(seller, fourth as string, "sold");
    expect((await goodsOf(seller)).data.total).toBe(2);
    expect((await goodsOf(seller, "?status=sold")).data.list.map((goods: { id: string }) => goods.id)).toEqual([
      fourth,
      second,
    ]);
  });

  it("refuses a tab or page it does not have", async () => {
    const seller = await registerUser(t.app, t.dataDir);
    for (const query of ["?status=reserved", "?status=", "?page=0", "?pageSize=1000", "?page=x"]) {
      expect(await goodsOf(seller, query), query).toMatchObject({ status: 400, code: 400 });
    }
  });
});

describe("a seller's response rate and time", () => {
  it("measures the chats others started about the seller's goods in the last 90 days", async () => {
    const [seller, quick, ignored, patient, old] = [
      await registerUser(t.app, t.dataDir),
      await registerUser(t.app, t.dataDir),
      await registerUser(t.app, t.dataDir),
      await registerUser(t.app, t.dataDir),
      await registerUser(t.app, t.dataDir),
    ];
    const goods = await postGoods(t.app, seller.token);
    const otherGoods = await postGoods(t.app, seller.token, { title: "旧台灯" });

    // Answered at once.
    await say(quick, seller, goods.id, "还在吗");
    await say(seller, quick, goods.id, "在的");
    expect((await profileOf(seller)).data).toMatchObject({ responseRate: 1, responseMinutes: 0 });

    // Never answered.
    await say(ignored, seller, goods.id, "能便宜点吗");
    expect((await profileOf(seller)).data).toMatchObject({ responseRate: 0.5, responseMinutes: 0 });

    // Answered two days later: a reply, but not within the day.
    const question = await say(patient, seller, goods.id, "周末能看货吗");
    const answer = await say(seller, patient, goods.id, "可以");
    await backdate(question.messageId, answer.createdAt, 48);
    expect((await profileOf(seller)).data).toMatchObject({ responseRate: 0.333, responseMinutes: 1440 });

    // Not counted: a chat the seller started, one about no goods, one older than 90 days.
    await say(seller, old, goods.id, "你还要吗");
    await say(quick, seller, undefined, "在吗");
    const longAgo = await say(old, seller, otherGoods.id, "还卖吗");
    await backdate(longAgo.messageId, longAgo.createdAt, 91 * 24);
    expect((await profileOf(seller)).data).toMatchObject({ responseRate: 0.333, responseMinutes: 1440 });

    // The seller asking about someone else's goods counts for that seller, not this one.
    const theirGoods = await postGoods(t.app, quick.token, { title: "二手相机" });
    await say(seller, quick, theirGoods.id, "相机还在吗");
    await say(quick, seller, theirGoods.id, "在");
    expect((await profileOf(quick)).data).toMatchObject({ responseRate: 1, responseMinutes: 0 });
    expect((await profileOf(seller)).data).toMatchObject({ responseRate: 0.333, responseMinutes: 1440 });
  });
});
