import { formatPrice } from "@xianzhi/contract/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beijingToday, reconcileDay } from "../server/src/features/reconciliation/index.js";
import { serviceDeps } from "../server/src/services.js";
import { jobs, orderAction, paymentRefOf } from "../server/src/test-support/orders.js";
import { buyerSellerModerator, goodsOf } from "./fixtures.js";
import { orderJourney } from "./order-journey.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);
const { phoneOf, buyOnPhone } = orderJourney(running);

/** The sandbox's record of paying an order's money out to its seller. */
async function releaseAtProvider(orderId: string) {
  const { app } = running.server;
  const paymentRef = await paymentRefOf(app, orderId);
  return app.db
    .selectFrom("sandboxOperations")
    .innerJoin("sandboxPayments", "sandboxPayments.id", "sandboxOperations.paymentId")
    .select(["sandboxOperations.key", "sandboxOperations.amountCents", "sandboxOperations.createdAt"])
    .where("sandboxPayments.merchantRef", "=", paymentRef)
    .where("sandboxOperations.kind", "=", "release")
    .executeTakeFirst();
}

describe("对账 in the moderators' console, on a phone", () => {
  it("a release the provider's bill says was smaller than the ledger's shows on its day, with both amounts", async () => {
    const { server } = running;
    const [buyer, seller, moderator] = await buyerSellerModerator(server);
    // Whatever the server compared as it started (yesterday, by its daily job) is gone: nothing yet.
    await server.app.db.deleteFrom("reconciliationMismatches").execute();
    await server.app.db.deleteFrom("reconciliations").execute();
    const admin = await phoneOf(moderator, "/admin");
    await admin.getByRole("tab", { name: "对账" }).click();
    await admin.waitForURL(/\/admin\?tab=reconciliation$/);
    await admin.getByText("还没有对账记录（每天自动核对前一天的账单）").waitFor();

    // A protected purchase, handed over at a meeting and confirmed: the money is paid out to the seller.
    const goods = await goodsOf(server, seller, { title: "大疆 Osmo Pocket 3", priceCents: 268_000 });
    const { orderId } = await buyOnPhone(buyer, goods.id, "面交");
    expect((await orderAction(server.app, seller.token, orderId, "ship", {})).code).toBe(200);
    expect((await orderAction(server.app, buyer.token, orderId, "confirm")).code).toBe(200);
    await jobs.settle(server.app);
    const release = await releaseAtProvider(orderId);
    if (!release) throw new Error("the sandbox has not paid the seller");

    // The provider's books say it paid out ¥10 less than the ledger says it released.
    const ledgerCents = release.amountCents;
    const providerCents = ledgerCents - 1_000;
    await server.app.db
      .updateTable("sandboxOperations")
      .set({ amountCents: providerCents })
      .where("key", "=", release.key)
      .execute();
    const day = beijingToday(new Date(release.createdAt as string | Date).getTime());
    const result = await reconcileDay(serviceDeps(server.app), day);
    expect(result.mismatches).toEqual([expect.objectContaining({ kind: "release", problem: "amount_differs" })]);

    // The moderator's 对账, opened again: the day, what matched, and the one line in red.
    await admin.reload();
    const reconciled = admin.getByRole("article", { name: day });
    await reconciled.getByText(`已核对 ${result.matched} 笔`).waitFor();
    await reconciled.getByText("不一致 1 笔").waitFor();
    const line = reconciled.getByRole("listitem").filter({ hasText: "打款给卖家" });
    await line.getByText("金额不一致").waitFor();
    await line.getByText(await paymentRefOf(server.app, orderId), { exact: true }).waitFor();
    await line.getByText(`账本 ${formatPrice(ledgerCents)} / 支付机构 ${formatPrice(providerCents)}`).waitFor();
    // The order by its number, not a link: its page is its buyer's and seller's alone.
    await line.getByText(`订单号 ${orderId}`).waitFor();
    expect(await reconciled.getByRole("link").count()).toBe(0);
    // Nothing is wider than the phone, the payment number included.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }, 90_000);
});
