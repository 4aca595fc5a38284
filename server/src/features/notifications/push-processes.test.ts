import type { PushKey } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../test-support/accounts.js";
import { useListeningPair } from "../../test-support/app-pair.js";
import { postGoods } from "../../test-support/goods.js";
import { startPushService, type TestPushService } from "../../test-support/push-service.js";
import { isType, openSocket } from "../../test-support/sockets.js";
import { call } from "../../test-support/test-app.js";

let pushService: TestPushService;
beforeAll(async () => {
  pushService = await startPushService();
});
const running = useListeningPair(beforeAll, afterAll, () => ({ PUSH_SERVICES: pushService.origin }));
afterAll(async () => {
  await pushService?.stop();
});

describe("web push across two server processes over Redis", () => {
  it("is spared while the user's socket is open on the other process, and sent once it is closed", async () => {
    const { app, dataDir } = running.pair.a;
    const b = running.pair.b;
    const [seller, fan] = [await registerUser(app, dataDir), await registerUser(app, dataDir)];
    // Both processes push with the one key pair, generated once into DATA_DIR.
    const key = (await call<PushKey>(b, "GET", "/api/push/key")).data;
    expect((await call<PushKey>(app, "GET", "/api/push/key")).data).toEqual(key);
    const device = await pushService.subscribe(key.publicKey as string);
    const { endpoint, keys } = device;
    expect(
      (await call(app, "PUT", "/api/push/subscriptions", { token: fan.token, body: { endpoint, keys } })).code,
    ).toBe(200);
    const goods = await postGoods(app, seller.token, { priceCents: 10000 });
    await call(app, "POST", "/api/fav", { token: fan.token, body: { goodsId: goods.id } });
    const lowerOnB = async (priceCents: number) =>
      expect((await call(b, "PUT", `/api/goods/${goods.id}`, { token: seller.token, body: { priceCents } })).code).toBe(
        200,
      );
    const pushed = async () => {
      await Promise.all([app.notifier.webPush.settled(), b.notifier.webPush.settled()]);
      return (await pushService.received(device)).map((text) => JSON.parse(text));
    };

    const onA = await openSocket(running.bases[0], fan.token);
    await expect.poll(async () => (await b.hub.connected([Number(fan.id)])).has(Number(fan.id))).toBe(true);
    await lowerOnB(9000);
    await onA.next(isType("notification"));
    expect(await pushed()).toEqual([]);

    await onA.close();
    await expect.poll(async () => (await b.hub.connected([Number(fan.id)])).size).toBe(0);
    await lowerOnB(8000);
    expect(await pushed()).toMatchObject([{ title: "你收藏的闲置降价了", url: `/goodsinfo/${goods.id}`, unread: 2 }]);
  });
});
