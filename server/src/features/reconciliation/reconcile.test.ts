import type { ReconciliationList } from "@xianzhi/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { serviceDeps } from "../../services.js";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { registerModerator } from "../../test-support/moderation.js";
import { expectLedgerBalanced, jobs, orderAction, paidOrder, paymentRefOf } from "../../test-support/orders.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { reconcileDay, reconcileYesterday } from "./index.js";

/** Noon in Beijing: every movement of a scenario falls in one Beijing day, whenever the test runs. */
const NOON_IN_BEIJING = Date.parse("2026-11-20T04:00:00Z");
const DAY = "2026-11-20";
const METRICS = "metrics-token-0123456789";

let t: TestApp;
let seller: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: METRICS });
  [seller, buyer] = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** Only Date moves: sockets and timers run as they do. */
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"], now: ms });
}

/** A day's trade: one order released to the seller, one refunded, one paid and held. */
async function aDayOfTrade() {
  const sale = async () => paidOrder(t.app, buyer.token, (await postGoods(t.app, seller.token)).id, "meetup");
  const released = await sale();
  await orderAction(t.app, seller.token, released.id, "ship", {});
  await orderAction(t.app, buyer.token, released.id, "confirm");
  const refunded = await sale();
  await orderAction(t.app, seller.token, refunded.id, "refund");
  // Whatever the provider had not done at once (a refund it failed) is done now.
  await jobs.settle(t.app);
  const held = await sale();
  return { released, refunded, held };
}

const reconcile = (day: string) => reconcileDay(serviceDeps(t.app), day);

describe("a day's bill from the provider against the ledger", () => {
  it("matches every payment, refund and release of the day by number, kind and amount", async () => {
    clockAt(NOON_IN_BEIJING);
    await aDayOfTrade();
    const result = await reconcile(DAY);
    expect(result).toMatchObject({
      day: DAY,
      provider: "sandbox",
      outcome: "done",
      mismatches: [],
      uncheckedKinds: [],
    });
    // Three payments, a release and a refund.
    expect(result.matched).toBe(5);
    // The day before and after hold nothing of it.
    expect((await reconcile("2026-11-19")).matched).toBe(0);
    await expectLedgerBalanced(t.app);
  });

  it("names each kind of difference, and the console lists them with their orders", async () => {
    clockAt(NOON_IN_BEIJING + 24 * 3600 * 1000);
    const day = "2026-11-21";
    const { released, refunded } = await aDayOfTrade();
    const db = t.app.db;
    // The provider paid out less than the ledger says it released.
    const releasedRef = await paymentRefOf(t.app, released.id);
    await db
      .updateTable("sandboxOperations")
      .set({ amountCents: 1 })
      .where("kind", "=", "release")
      .where(
        "paymentId",
        "=",
        (
          await db
            .selectFrom("sandboxPayments")
            .select("id")
            .where("merchantRef", "=", releasedRef)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    // The refund never happened at the provider (its record gone).
    const refundedRef = await paymentRefOf(t.app, refunded.id);
    await db
      .deleteFrom("sandboxOperations")
      .where("kind", "=", "refund")
      .where("key", "=", `refund:order:${refunded.id}`)
      .execute();
    // The provider took a payment the ledger has never heard of.
    await db
      .insertInto("sandboxPayments")
      .values({
        id: "stray-payment",
        merchantRef: "XZ20261121STRAY",
        subject: "不明付款",
        amountCents: 777,
        status: "succeeded",
        heldCents: 777,
        mode: "normal",
        returnUrl: "/",
        createdAt: new Date().toISOString(),
        paidAt: new Date().toISOString(),
      })
      .execute();

    const result = await reconcile(day);
    expect(result.matched).toBe(3);
    expect(result.mismatches).toEqual(
      expect.arrayContaining([
        { kind: "release", paymentRef: releasedRef, problem: "amount_differs", ledgerCents: 50_000, providerCents: 1 },
        {
          kind: "pay",
          paymentRef: "XZ20261121STRAY",
          problem: "missing_in_ledger",
          ledgerCents: null,
          providerCents: 777,
        },
        {
          kind: "refund",
          paymentRef: refundedRef,
          problem: "missing_at_provider",
          ledgerCents: 50_000,
          providerCents: null,
        },
      ]),
    );
    expect(result.mismatches).toHaveLength(3);

    const moderator = await registerModerator(t.app, t.dataDir);
    const listed = await call<ReconciliationList>(t.app, "GET", "/api/admin/reconciliations", {
      token: moderator.token,
    });
    const shown = listed.data.find((entry) => entry.day === day);
    expect(shown).toMatchObject({ outcome: "done", matched: 3, mismatched: 3, uncheckedKinds: [] });
    expect(shown?.mismatches.find((mismatch) => mismatch.kind === "release")).toMatchObject({
      orderId: released.id,
      problem: "amount_differs",
    });
    expect(shown?.mismatches.find((mismatch) => mismatch.kind === "pay")?.orderId).toBeNull();
    // Newest day first.
    expect(listed.data.map((entry) => entry.day)).toEqual([...listed.data.map((entry) => entry.day)].sort().reverse());
    expect((await call(t.app, "GET", "/api/admin/reconciliations", { token: buyer.token })).status).toBe(403);
    const metrics = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS}` },
    });
    expect(metrics.body).toMatch(/^payment_reconciliation_mismatches 3$/m);
  });

  it("takes a payment made just before midnight and recorded after it as matched, on both days", async () => {
    const beforeMidnight = Date.parse("2026-11-22T15:59:59Z");
    clockAt(beforeMidnight + 2000);
    const order = await paidOrder(t.app, buyer.token, (await postGoods(t.app, seller.token)).id, "meetup");
    // The provider took it at 23:59:59 in Beijing; its webhook reached the ledger after midnight.
    await t.app.db
      .updateTable("sandboxPayments")
      .set({ paidAt: new Date(beforeMidnight).toISOString() })
      .where("merchantRef", "=", await paymentRefOf(t.app, order.id))
      .execute();
    expect(await reconcile("2026-11-22")).toMatchObject({ matched: 1, mismatches: [] });
    expect(await reconcile("2026-11-23")).toMatchObject({ matched: 0, mismatches: [] });
  });
});

describe("the daily job", () => {
  it("compares yesterday once, however often it runs", async () => {
    clockAt(Date.parse("2026-11-25T02:00:00Z"));
    const first = await reconcileYesterday(serviceDeps(t.app));
    expect(first).toMatchObject({ day: "2026-11-24", outcome: "done" });
    expect(await reconcileYesterday(serviceDeps(t.app))).toBeNull();
    // A day compared again by hand keeps only its newest result.
    await reconcile("2026-11-24");
    const rows = await t.app.db.selectFrom("reconciliations").select("day").where("day", "=", "2026-11-24").execute();
    expect(rows).toHaveLength(1);
  });
});
