import type { Notification, NotificationPage } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { countRows } from "../../test-support/route-table.js";
import { isType, listen, openSocket } from "../../test-support/sockets.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(() => t.close());

const newUser = () => registerUser(t.app, t.dataDir);

async function centreOf(user: RegisteredUser): Promise<NotificationPage> {
  const reply = await call<NotificationPage>(t.app, "GET", "/api/notifications", { token: user.token });
  expect(reply.code).toBe(200);
  return reply.data;
}

/** Each notification as kind, actor's id, goods' id and excerpt: what a line of the centre says. */
const lines = (page: NotificationPage) =>
  page.list.map((item: Notification) => ({
    kind: item.kind,
    actor: item.actor?.id ?? null,
    goods: item.goods?.id ?? null,
    excerpt: item.excerpt,
    amountCents: item.amountCents,
    read: item.read,
  }));

const comment = (user: RegisteredUser, goodsId: string, content: string, replyToId?: string) =>
  call(t.app, "POST", "/api/goodscomment", { token: user.token, body: { goodsId, content, replyToId } });

describe("notifications of comments and replies", () => {
  it("tells the seller of a comment and the commenter of the seller's reply, never anyone of their own", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token);
    const question = await comment(buyer, goods.id, "请问还在吗？能便宜点吗");
    await comment(seller, goods.id, "在的，可以小刀", question.data.id);

    const sellerCentre = await centreOf(seller);
    expect(lines(sellerCentre)).toEqual([
      {
        kind: "comment",
        actor: buyer.id,
        goods: goods.id,
        excerpt: "请问还在吗？能便宜点吗",
        amountCents: null,
        read: false,
      },
    ]);
    expect(sellerCentre.unreadCount).toBe(1);
    expect(sellerCentre.list[0]?.goods?.title).toBe(goods.title);
    expect(lines(await centreOf(buyer))).toEqual([
      { kind: "reply", actor: seller.id, goods: goods.id, excerpt: "在的，可以小刀", amountCents: null, read: false },
    ]);
  });

  it("tells a third user of a reply to them, and the seller of it as a comment", async () => {
    const [seller, first, second] = [await newUser(), await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token);
    const asked = await comment(first, goods.id, "有发票吗");
    await comment(second, goods.id, "我也想知道", asked.data.id);
    expect(lines(await centreOf(first)).map((line) => [line.kind, line.actor])).toEqual([["reply", second.id]]);
    expect(lines(await centreOf(seller)).map((line) => [line.kind, line.actor])).toEqual([
      ["comment", second.id],
      ["comment", first.id],
    ]);
  });

  it("writes none when the comment is refused", async () => {
    const user = await newUser();
    const before = await countRows(t.app.db, t.database);
    const reply = await comment(user, "99999999", "没有这件");
    expect(reply.code).toBe(404);
    expect(await countRows(t.app.db, t.database)).toEqual(before);
  });
});

describe("notifications of favourites and price drops", () => {
  const favorite = (user: RegisteredUser, goodsId: string) =>
    call(t.app, "POST", "/api/fav", { token: user.token, body: { goodsId } });
  const unfavorite = (user: RegisteredUser, goodsId: string) =>
    call(t.app, "DELETE", `/api/fav/${goodsId}`, { token: user.token });

  it("tells the seller of a favourite once while unread, however often it is taken back and given", async () => {
    const [seller, fan] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token);
    for (let round = 0; round < 3; round += 1) {
      await favorite(fan, goods.id);
      await unfavorite(fan, goods.id);
    }
    expect(lines(await centreOf(seller)).map((line) => [line.kind, line.actor])).toEqual([["favorite", fan.id]]);
  });

  it("tells everyone keeping the goods of a lower price, and nobody of a higher one", async () => {
    const [seller, fan, other] = [await newUser(), await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token, { priceCents: 10000 });
    await favorite(fan, goods.id);
    await favorite(other, goods.id);
    const setPrice = (priceCents: number) =>
      call(t.app, "PUT", `/api/goods/${goods.id}`, { token: seller.token, body: { priceCents } });
    await setPrice(12000);
    await setPrice(8800);
    for (const user of [fan, other]) {
      expect(lines(await centreOf(user))).toEqual([
        { kind: "price_drop", actor: null, goods: goods.id, excerpt: "", amountCents: 8800, read: false },
      ]);
    }
  });

  it("tells nobody of a group they turned off", async () => {
    const [seller, fan] = [await newUser(), await newUser()];
    const muted = { mutedGroups: ["price_drops"], emailDigest: false };
    expect((await call(t.app, "PUT", "/api/notifications/settings", { token: fan.token, body: muted })).data).toEqual({
      ...muted,
      pushMuted: [],
    });
    await call(t.app, "PUT", "/api/notifications/settings", {
      token: seller.token,
      body: { mutedGroups: ["favorites", "comments"], emailDigest: true },
    });
    const goods = await postGoods(t.app, seller.token, { priceCents: 10000 });
    await favorite(fan, goods.id);
    await comment(fan, goods.id, "还能再便宜吗");
    await call(t.app, "PUT", `/api/goods/${goods.id}`, { token: seller.token, body: { priceCents: 5000 } });
    expect((await centreOf(fan)).list).toEqual([]);
    expect((await centreOf(seller)).list).toEqual([]);
    expect((await call(t.app, "GET", "/api/notifications/settings", { token: seller.token })).data).toEqual({
      mutedGroups: ["comments", "favorites"],
      emailDigest: true,
      pushMuted: [],
    });
  });
});

describe("the notification centre", () => {
  it("pushes each notification live, with the unread count, to every socket of its user", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token);
    const [phone, laptop] = [await openSocket(base, seller.token), await openSocket(base, seller.token)];
    await comment(buyer, goods.id, "包邮吗");
    for (const socket of [phone, laptop]) {
      const frame = await socket.next(isType("notification"));
      expect(frame.unreadCount).toBe(1);
      expect(frame.notification).toMatchObject({ kind: "comment", excerpt: "包邮吗", read: false });
      expect(frame.notification.actor?.id).toBe(buyer.id);
    }
    await Promise.all([phone.close(), laptop.close()]);
  });

  it("marks the named notifications read, refusing another user's, then all of them", async () => {
    const [seller, buyer, stranger] = [await newUser(), await newUser(), await newUser()];
    for (const title of ["九成新相机", "二手自行车", "旧书一箱"]) {
      const goods = await postGoods(t.app, seller.token, { title });
      await comment(buyer, goods.id, `${title}还在吗`);
    }
    const [newest, middle] = (await centreOf(seller)).list;
    const mark = (user: RegisteredUser, body: unknown) =>
      call(t.app, "PUT", "/api/notifications/read", { token: user.token, body });

    const before = await countRows(t.app.db, t.database);
    const refused = await mark(stranger, { ids: [newest?.id] });
    expect(refused).toMatchObject({ status: 404, msg: "通知不存在" });
    expect((await mark(seller, { ids: [newest?.id, "99999999"] })).status).toBe(404);
    expect(await countRows(t.app.db, t.database)).toEqual(before);
    expect((await call(t.app, "GET", "/api/notifications/unread", { token: seller.token })).data).toEqual({
      unreadCount: 3,
    });
    expect((await mark(seller, { ids: [newest?.id, middle?.id] })).data).toEqual({ unreadCount: 1 });
    expect(lines(await centreOf(seller)).map((line) => line.read)).toEqual([true, true, false]);
    expect((await mark(seller, {})).data).toEqual({ unreadCount: 0 });
    expect((await centreOf(seller)).unreadCount).toBe(0);
  });

  it("pages newest first with the total", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token);
    for (const n of [1, 2, 3]) await comment(buyer, goods.id, `第${n}条`);
    const reply = await call<NotificationPage>(t.app, "GET", "/api/notifications?page=2&pageSize=2", {
      token: seller.token,
    });
    expect(reply.data).toMatchObject({ total: 3, page: 2, pageSize: 2, unreadCount: 3 });
    expect(reply.data.list.map((item) => item.excerpt)).toEqual(["第1条"]);
  });

  it("refuses bad settings and ids with a clear error, changing nothing", async () => {
    const user = await newUser();
    const before = await countRows(t.app.db, t.database);
    for (const [method, url, body] of [
      ["PUT", "/api/notifications/settings", { mutedGroups: ["everything"], emailDigest: false }],
      ["PUT", "/api/notifications/settings", { mutedGroups: [] }],
      ["PUT", "/api/notifications/read", { ids: ["abc"] }],
      ["PUT", "/api/notifications/read", { ids: [] }],
    ] as const) {
      const reply = await call(t.app, method, url, { token: user.token, body });
      expect(reply.status, url).toBe(400);
      expect(reply.msg).toBeTruthy();
    }
    expect(await countRows(t.app.db, t.database)).toEqual(before);
  });
});
