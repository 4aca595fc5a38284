import type { PushKey, PushPayload } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { startPushService, type TestPushService, type TestSubscription } from "../../test-support/push-service.js";
import { isMessageWith, isType, listen, openSocket, textFrame } from "../../test-support/sockets.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

/**
 * Web Push sent for real: the app pushes to a local push service (web-push-testing), which checks
 * each request's VAPID token against the key the subscription was made with, decrypts the payload
 * and keeps it for the test to read.
 */
let t: TestApp;
let base: string;
let pushService: TestPushService;
let publicKey: string;

beforeAll(async () => {
  pushService = await startPushService();
  t = await createTestApp({ PUSH_SERVICES: `fcm.googleapis.com,${pushService.origin}` });
  base = await listen(t.app);
  const key = await call<PushKey>(t.app, "GET", "/api/push/key");
  expect(key.data.enabled).toBe(true);
  publicKey = key.data.publicKey as string;
});
afterAll(async () => {
  await t?.close();
  await pushService?.stop();
});

const newUser = () => registerUser(t.app, t.dataDir);

/** A device of the user's, subscribed at the push service and then at the app. */
async function subscribedDevice(user: RegisteredUser): Promise<TestSubscription> {
  const subscription = await pushService.subscribe(publicKey);
  const { endpoint, keys } = subscription;
  const reply = await call(t.app, "PUT", "/api/push/subscriptions", {
    token: user.token,
    body: { endpoint, keys },
    headers: { "user-agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36" },
  });
  expect(reply).toMatchObject({ status: 200, code: 200, msg: "已开启推送通知", data: { endpoint } });
  return subscription;
}

/** What the device has been pushed, once every push under way has been answered. */
async function pushedTo(subscription: TestSubscription): Promise<PushPayload[]> {
  await t.app.notifier.webPush.settled();
  return (await pushService.received(subscription)).map((text) => JSON.parse(text) as PushPayload);
}

/** The fan keeps the seller's goods; each lower price tells them of it. */
async function favoritedGoods(seller: RegisteredUser, fan: RegisteredUser) {
  const goods = await postGoods(t.app, seller.token, { priceCents: 10000, title: "九成新 Kindle" });
  await call(t.app, "POST", "/api/fav", { token: fan.token, body: { goodsId: goods.id } });
  return {
    goods,
    lowerTo: async (priceCents: number) => {
      const reply = await call(t.app, "PUT", `/api/goods/${goods.id}`, { token: seller.token, body: { priceCents } });
      expect(reply.code).toBe(200);
    },
  };
}

const rowsOf = (endpoint: string) =>
  t.app.db.selectFrom("pushSubscriptions").selectAll().where("endpoint", "=", endpoint).execute();

describe("web push of notifications", () => {
  it("pushes a notification to a user with no socket open, with the centre's words, target and unread count", async () => {
    const [seller, fan] = [await newUser(), await newUser()];
    const device = await subscribedDevice(fan);
    const { goods, lowerTo } = await favoritedGoods(seller, fan);

    await lowerTo(8800);
    expect(await pushedTo(device)).toEqual([
      {
        title: "你收藏的闲置降价了",
        body: "九成新 Kindle · 现价 ¥88",
        url: `/goodsinfo/${goods.id}`,
        tag: expect.stringMatching(/^notice-\d+$/),
        unread: 1,
      },
    ]);
    const [row] = await rowsOf(device.endpoint);
    expect(row).toMatchObject({ userId: Number(fan.id), userAgent: "Chrome · Android" });
    expect(row?.lastSuccessAt).not.toBeNull();
  });

  it("pushes nothing while the user has a socket open, and again once it is closed", async () => {
    const [seller, fan] = [await newUser(), await newUser()];
    const device = await subscribedDevice(fan);
    const { lowerTo } = await favoritedGoods(seller, fan);

    const socket = await openSocket(base, fan.token);
    await lowerTo(9000);
    await socket.next(isType("notification"));
    expect(await pushedTo(device)).toEqual([]);

    await socket.close();
    await expect.poll(async () => (await t.app.hub.connected([Number(fan.id)])).size).toBe(0);
    await lowerTo(8000);
    expect((await pushedTo(device)).map((push) => [push.body, push.unread])).toEqual([["九成新 Kindle · 现价 ¥80", 2]]);
  });

  it("pushes only the kinds the user left on, and chat messages under 聊天消息", async () => {
    const [seller, fan] = [await newUser(), await newUser()];
    const device = await subscribedDevice(fan);
    const { lowerTo } = await favoritedGoods(seller, fan);
    const off = { mutedGroups: [], emailDigest: false, pushMuted: ["price_drops"] };
    const saved = await call(t.app, "PUT", "/api/notifications/settings", { token: fan.token, body: off });
    expect(saved.data).toEqual(off);
    // A client that knows nothing of push keeps the push switches as they are.
    await call(t.app, "PUT", "/api/notifications/settings", {
      token: fan.token,
      body: { mutedGroups: [], emailDigest: false },
    });

    await lowerTo(7000);
    expect(await pushedTo(device)).toEqual([]);
    const centre = await call(t.app, "GET", "/api/notifications", { token: fan.token });
    expect(centre.data.list[0]).toMatchObject({ kind: "price_drop", amountCents: 7000 });

    const chat = await call(t.app, "POST", "/api/mychatlist/create", { token: seller.token, body: { peerId: fan.id } });
    const sender = await openSocket(base, seller.token);
    sender.send(textFrame(chat.data.chatId, "你好，Kindle 还在，今天能自提"));
    await sender.next(isMessageWith("你好，Kindle 还在，今天能自提"));
    const [pushed] = await pushedTo(device);
    expect(pushed).toMatchObject({
      body: "你好，Kindle 还在，今天能自提",
      url: `/chat?chatId=${chat.data.chatId}`,
      tag: `chat-${chat.data.chatId}`,
      unread: 1,
    });
    expect(pushed?.title).not.toBe("");

    await call(t.app, "PUT", "/api/notifications/settings", {
      token: fan.token,
      body: { mutedGroups: [], emailDigest: false, pushMuted: ["messages", "price_drops"] },
    });
    sender.send(textFrame(chat.data.chatId, "第二条"));
    await sender.next(isMessageWith("第二条"));
    expect(await pushedTo(device)).toHaveLength(1);
    await sender.close();
  });

  it("removes a subscription the push service answers 410 for, and keeps the user's other devices", async () => {
    const [seller, fan] = [await newUser(), await newUser()];
    const [expired, kept] = [await subscribedDevice(fan), await subscribedDevice(fan)];
    const { lowerTo } = await favoritedGoods(seller, fan);
    await pushService.expire(expired);

    await lowerTo(6000);
    expect(await pushedTo(kept)).toHaveLength(1);
    expect(await rowsOf(expired.endpoint)).toEqual([]);
    expect(await rowsOf(kept.endpoint)).toHaveLength(1);
  });

  it("stops pushing to a device once its session signs out", async () => {
    const [seller, fan] = [await newUser(), await newUser()];
    const device = await subscribedDevice(fan);
    const { lowerTo } = await favoritedGoods(seller, fan);
    expect((await call(t.app, "POST", "/api/user/logout", { token: fan.token })).code).toBe(200);
    expect(await rowsOf(device.endpoint)).toEqual([]);
    await lowerTo(5000);
    expect(await pushedTo(device)).toEqual([]);
  });
});

describe("the push routes", () => {
  const endpointAt = (path: string) => `${pushService.origin}/notify/${path}`;
  const keys = { p256dh: `B${"a".repeat(86)}`, auth: "c".repeat(22) };
  const put = (user: RegisteredUser | null, body: unknown) =>
    call(t.app, "PUT", "/api/push/subscriptions", { token: user?.token, body });
  const remove = (user: RegisteredUser | null, endpoint: string) =>
    call(t.app, "DELETE", "/api/push/subscriptions", { token: user?.token, body: { endpoint } });

  it("answers the same public key after a restart: it was generated once into DATA_DIR", async () => {
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const again = await buildApp(t.config, { database: t.database, logger: false });
    try {
      expect((await call(again, "GET", "/api/push/key")).data).toEqual({ enabled: true, publicKey });
    } finally {
      await again.close();
    }
  });

  it("refuses a subscription that is malformed, or at a push service not configured, in words", async () => {
    const user = await newUser();
    expect(await put(null, { endpoint: endpointAt("x"), keys })).toMatchObject({ status: 401, code: 401 });
    expect(await put(user, { endpoint: "not an address", keys })).toMatchObject({
      status: 400,
      msg: "推送地址格式不正确",
    });
    expect(await put(user, { endpoint: "ftp://fcm.googleapis.com/x", keys })).toMatchObject({ status: 400 });
    expect(await put(user, { endpoint: endpointAt("x"), keys: { ...keys, auth: "短" } })).toMatchObject({
      status: 400,
      msg: "推送认证密钥至少 16 个字符",
    });
    expect(await put(user, { endpoint: endpointAt("x"), keys: { ...keys, p256dh: "a+b/c".repeat(5) } })).toMatchObject({
      status: 400,
      msg: "推送密钥格式不正确",
    });
    expect(await put(user, { endpoint: endpointAt("x"), keys, extra: 1 })).toMatchObject({ status: 400 });
    for (const endpoint of [
      "https://evil.example/fcm.googleapis.com",
      "https://fcm.googleapis.com.evil.example/send",
      "http://fcm.googleapis.com/fcm/send/x",
      "http://127.0.0.1:6379/",
    ]) {
      expect(await put(user, { endpoint, keys }), endpoint).toMatchObject({
        status: 200,
        code: 2011,
        msg: "暂不支持这个浏览器的推送服务，通知仍会出现在通知中心",
      });
    }
    expect(await put(user, { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys })).toMatchObject({ code: 200 });
  });

  it("keeps one subscription per endpoint: saved again, or taken over by whoever signs in on the device", async () => {
    const [first, second] = [await newUser(), await newUser()];
    const endpoint = endpointAt("shared-device");
    expect((await put(first, { endpoint, keys })).code).toBe(200);
    expect((await put(first, { endpoint, keys })).code).toBe(200);
    expect((await rowsOf(endpoint)).map((row) => row.userId)).toEqual([Number(first.id)]);
    expect((await put(second, { endpoint, keys })).code).toBe(200);
    expect((await rowsOf(endpoint)).map((row) => row.userId)).toEqual([Number(second.id)]);
    // The first user no longer owns it: theirs to delete no more.
    expect(await remove(first, endpoint)).toMatchObject({ status: 404, msg: "这台设备没有开启推送通知" });
    expect(await rowsOf(endpoint)).toHaveLength(1);
    expect(await remove(second, endpoint)).toMatchObject({ status: 200, msg: "已关闭推送通知" });
    expect(await rowsOf(endpoint)).toEqual([]);
    expect((await remove(second, endpoint)).status).toBe(404);
    expect((await remove(null, endpoint)).status).toBe(401);
  });

  it("keeps a user's newest ten devices", async () => {
    const user = await newUser();
    for (let n = 0; n < 12; n += 1) expect((await put(user, { endpoint: endpointAt(`d${n}`), keys })).code).toBe(200);
    const rows = await t.app.db
      .selectFrom("pushSubscriptions")
      .select("endpoint")
      .where("userId", "=", Number(user.id))
      .orderBy("id")
      .execute();
    expect(rows.map((row) => row.endpoint)).toEqual(Array.from({ length: 10 }, (_, n) => endpointAt(`d${n + 2}`)));
  });

  it("switches push kinds in the notification settings, checked against the four kinds", async () => {
    const user = await newUser();
    const get = async () => (await call(t.app, "GET", "/api/notifications/settings", { token: user.token })).data;
    expect((await get()).pushMuted).toEqual([]);
    const bad = await call(t.app, "PUT", "/api/notifications/settings", {
      token: user.token,
      body: { mutedGroups: [], emailDigest: false, pushMuted: ["everything"] },
    });
    expect(bad).toMatchObject({ status: 400, msg: "推送类型取值无效" });
    await call(t.app, "PUT", "/api/notifications/settings", {
      token: user.token,
      body: { mutedGroups: [], emailDigest: false, pushMuted: ["saved_searches", "orders", "orders"] },
    });
    expect((await get()).pushMuted).toEqual(["orders", "saved_searches"]);
  });
});
