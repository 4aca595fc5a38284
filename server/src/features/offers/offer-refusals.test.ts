import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { type ApiReply, call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import {
  answerOffer,
  chatTrade,
  counterOffer,
  madeOffer,
  makeOffer,
  refusedWithoutWriting,
} from "../../test-support/trade.js";

let t: TestApp;
let seller: RegisteredUser;
let buyer: RegisteredUser;
let stranger: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer, stranger] = [
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
  ];
});
afterAll(() => t.close());

const refused = (request: () => Promise<ApiReply>, expected: Partial<ApiReply>) =>
  refusedWithoutWriting(t, request, expected);

async function pastItsTime(offerId: string) {
  await t.app.db
    .updateTable("offers")
    .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
    .where("id", "=", Number(offerId))
    .execute();
}

describe("making an offer", () => {
  it("refuses own, sold, reserved and unknown goods and amounts out of range, writing nothing", async () => {
    const goods = await postGoods(t.app, seller.token, { priceCents: 50000 });
    const offer = (body: unknown, token = buyer.token) => call(t.app, "POST", "/api/offers", { token, body });
    await refused(() => makeOffer(t.app, seller.token, goods.id, 40000), {
      status: 200,
      code: 1501,
      msg: "不能对自己发布的闲置出价",
    });
    await refused(() => makeOffer(t.app, buyer.token, goods.id, 50001), {
      code: 1503,
      msg: "出价不能高于售价",
    });
    await refused(() => makeOffer(t.app, buyer.token, goods.id, 0), { status: 400, code: 400 });
    await refused(() => makeOffer(t.app, buyer.token, goods.id, -100), { status: 400 });
    await refused(() => makeOffer(t.app, buyer.token, goods.id, 100.5), { status: 400 });
    await refused(() => offer({ goodsId: goods.id }), { status: 400 });
    await refused(() => offer({ goodsId: goods.id, amountCents: 100, extra: 1 }), { status: 400 });
    await refused(() => makeOffer(t.app, buyer.token, "999999", 100), {
      status: 404,
      msg: "闲置不存在或已删除",
    });
    await refused(() => call(t.app, "POST", "/api/offers", { body: { goodsId: goods.id, amountCents: 1 } }), {
      status: 401,
    });

    for (const status of ["reserved", "sold"]) {
      const other = await postGoods(t.app, seller.token);
      await call(t.app, "PUT", `/api/goods/${other.id}/status`, { token: seller.token, body: { status } });
      await refused(() => makeOffer(t.app, buyer.token, other.id, 100), {
        code: 1502,
        msg: "这件闲置已被预订或已售出",
      });
    }
  });

  it("refuses goods a deal has reserved", async () => {
    const goods = await postGoods(t.app, seller.token);
    const offer = await madeOffer(t.app, buyer.token, goods.id, 100);
    await answerOffer(t.app, seller.token, offer.id, "accept");
    await refused(() => makeOffer(t.app, stranger.token, goods.id, 200), { code: 1502 });
  });
});

describe("acting on an offer", () => {
  it("lets no stranger or wrong side act, and says what became of an offer no longer open", async () => {
    const goods = await postGoods(t.app, seller.token, { priceCents: 50000 });
    const open = await madeOffer(t.app, buyer.token, goods.id, 30000);

    for (const action of ["accept", "decline", "withdraw"] as const) {
      await refused(() => answerOffer(t.app, stranger.token, open.id, action), {
        status: 403,
        msg: "只有交易双方可以操作",
      });
      await refused(() => answerOffer(t.app, stranger.token, "999999", action), {
        status: 404,
        msg: "出价不存在",
      });
    }
    await refused(() => counterOffer(t.app, stranger.token, open.id, 100), { status: 403 });
    await refused(() => answerOffer(t.app, buyer.token, open.id, "accept"), {
      code: 1505,
      msg: "不能回应自己发出的出价",
    });
    await refused(() => answerOffer(t.app, buyer.token, open.id, "decline"), { code: 1505 });
    await refused(() => counterOffer(t.app, buyer.token, open.id, 100), { code: 1505 });
    await refused(() => answerOffer(t.app, seller.token, open.id, "withdraw"), {
      code: 1505,
      msg: "只能撤回自己发出的出价",
    });
    await refused(() => counterOffer(t.app, seller.token, open.id, 50001), { code: 1503 });
    await refused(() => counterOffer(t.app, seller.token, open.id, 0), { status: 400 });

    await answerOffer(t.app, buyer.token, open.id, "withdraw");
    await refused(() => answerOffer(t.app, seller.token, open.id, "accept"), {
      code: 1504,
      msg: "这个出价已撤回",
    });
    const declined = await madeOffer(t.app, buyer.token, goods.id, 31000);
    await answerOffer(t.app, seller.token, declined.id, "decline");
    await refused(() => counterOffer(t.app, seller.token, declined.id, 40000), {
      code: 1504,
      msg: "这个出价已拒绝",
    });

    const expired = await madeOffer(t.app, buyer.token, goods.id, 32000);
    await pastItsTime(expired.id);
    for (const action of ["accept", "decline"] as const) {
      await refused(() => answerOffer(t.app, seller.token, expired.id, action), {
        code: 1504,
        msg: "这个出价已过期",
      });
    }
    await refused(() => answerOffer(t.app, buyer.token, expired.id, "withdraw"), {
      msg: "这个出价已过期",
    });
    await refused(() => counterOffer(t.app, seller.token, expired.id, 100), { code: 1504 });
  });

  it("answers a chat's trade to its members only", async () => {
    const goods = await postGoods(t.app, seller.token);
    const offer = await madeOffer(t.app, buyer.token, goods.id, 100);
    expect(await chatTrade(t.app, stranger.token, offer.chatId)).toMatchObject({
      status: 403,
      msg: "你不在这个会话中",
    });
    expect(await chatTrade(t.app, buyer.token, "999999")).toMatchObject({ status: 404, msg: "会话不存在" });
    expect(await chatTrade(t.app, buyer.token, "abc")).toMatchObject({ status: 400 });
  });
});
