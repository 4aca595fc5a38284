import type { EarningsPage } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { boughtOrder, expectLedgerBalanced, jobs, orderAction, paidOrder } from "../../test-support/orders.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { accounts, balanceOf } from "../ledger/index.js";

let t: TestApp;
let seller: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  // A 1.5% buyer-protection fee, so the platform's share shows beside the seller's.
  t = await createTestApp({ BUYER_FEE_BASIS_POINTS: "150" });
  [seller, buyer] = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
});
afterAll(() => t.close());

const earnings = async (user: RegisteredUser, query = "") =>
  (await call<EarningsPage>(t.app, "GET", `/api/user/earnings${query}`, { token: user.token })).data;

async function sale(priceCents: number) {
  const goods = await postGoods(t.app, seller.token, { priceCents });
  return paidOrder(t.app, buyer.token, goods.id, "meetup");
}

describe("我的收入", () => {
  it("shows each paid sale's money as the ledger has it, and totals that match the ledger to the fen", async () => {
    const released = await sale(10_000);
    await orderAction(t.app, seller.token, released.id, "ship", {});
    await orderAction(t.app, buyer.token, released.id, "confirm");
    const held = await sale(5_000);
    const refunded = await sale(2_000);
    await orderAction(t.app, seller.token, refunded.id, "refund");
    await jobs.settle(t.app);
    // Not paid: no money of it exists yet, so it is not listed.
    await boughtOrder(t.app, buyer.token, (await postGoods(t.app, seller.token, { priceCents: 700 })).id, "meetup");

    const page = await earnings(seller);
    expect(page.totals).toEqual({ heldCents: 5_075, releasedCents: 10_000, refundedCents: 2_030, feeCents: 150 });
    expect(page.totals.releasedCents).toBe(await balanceOf(t.app.db, accounts.releasedTo(Number(seller.id))));
    expect(page.totals.heldCents).toBe(await balanceOf(t.app.db, accounts.heldFor(Number(held.id))));
    expect(page.total).toBe(3);
    expect(page.list.map((row) => [row.orderId, row.status])).toEqual([
      [refunded.id, "closed"],
      [held.id, "paid"],
      [released.id, "completed"],
    ]);
    expect(
      page.list.map(({ heldCents, releasedCents, refundedCents, feeCents, waitingFor, waiting }) => ({
        heldCents,
        releasedCents,
        refundedCents,
        feeCents,
        waitingFor,
        waiting,
      })),
    ).toEqual([
      { heldCents: 0, releasedCents: 0, refundedCents: 2_030, feeCents: 0, waitingFor: null, waiting: null },
      { heldCents: 5_075, releasedCents: 0, refundedCents: 0, feeCents: 0, waitingFor: null, waiting: null },
      { heldCents: 0, releasedCents: 10_000, refundedCents: 0, feeCents: 150, waitingFor: null, waiting: null },
    ]);
    expect(page.list[2]).toMatchObject({ priceCents: 10_000, goods: { priceCents: 10_000, status: "sold" } });
    await expectLedgerBalanced(t.app);
  });

  it("pages the sales, newest first", async () => {
    const all = await earnings(seller);
    const first = await earnings(seller, "?page=1&pageSize=2");
    const second = await earnings(seller, "?page=2&pageSize=2");
    expect([...first.list, ...second.list].map((row) => row.orderId)).toEqual(all.list.map((row) => row.orderId));
    expect(second.totals).toEqual(all.totals);
  });

  it("is the seller's own: a buyer's purchases and a stranger's nothing are not in it", async () => {
    const stranger = await registerUser(t.app, t.dataDir);
    const empty = { heldCents: 0, releasedCents: 0, refundedCents: 0, feeCents: 0 };
    expect(await earnings(buyer)).toMatchObject({ totals: empty, list: [], total: 0 });
    expect(await earnings(stranger)).toMatchObject({ totals: empty, list: [], total: 0 });
  });
});
