import { formatPrice } from "@xianzhi/contract/constants";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { settleOrder } from "../server/src/features/orders/index.js";
import { PaymentProviderError } from "../server/src/features/payments/index.js";
import { serviceDeps } from "../server/src/services.js";
import { orderAction, orderOf, paidOrder, sandboxOf } from "../server/src/test-support/orders.js";
import { buyerSellerModerator, goodsOf, proveIdentity } from "./fixtures.js";
import { orderJourney } from "./order-journey.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);
const { phoneOf } = orderJourney(running);
/** How often the server tries a settlement before it lists it for moderators (SETTLE_RETRY.attempts). */
const TRIES = 8;

afterEach(() => vi.restoreAllMocks());

describe("打款失败 in the moderators' console, on a phone", () => {
  it("a refund the provider refused on every try is listed under 对账, and a moderator's 重试 moves it", async () => {
    const { server } = running;
    const [buyer, seller, moderator] = await buyerSellerModerator(server);
    const goods = await goodsOf(server, seller, { title: "富士 X100V 相机", priceCents: 86_000 });
    const order = await paidOrder(server.app, buyer.token, goods.id, "meetup");

    // The provider is down: the seller's refund, and every retry of it, is refused. The waits
    // between the retries (a minute, doubling) are not waited: the settling the retry job does is
    // run at once, as often as the job would before it gives up.
    const refund = vi
      .spyOn(sandboxOf(server.app), "refund")
      .mockRejectedValue(new PaymentProviderError("sandbox: the provider is down"));
    expect((await orderAction(server.app, seller.token, order.id, "refund")).data.status).toBe("closed");
    for (let tried = 1; tried < TRIES; tried += 1) {
      expect(await settleOrder(serviceDeps(server.app), Number(order.id))).toBe(false);
    }
    expect(refund).toHaveBeenCalledTimes(TRIES);
    // The provider is back.
    refund.mockRestore();

    const admin = await phoneOf(moderator, "/admin?tab=reconciliation");
    const failed = admin.getByRole("region", { name: "打款失败" });
    const line = failed.getByRole("listitem").filter({ hasText: "富士 X100V 相机" });
    await line.getByText(`退款给买家 ${formatPrice(order.totalCents)}`).waitFor();
    await line.getByText(`已尝试 ${TRIES} 次`, { exact: false }).waitFor();
    // Nothing is wider than the phone.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await line.getByRole("button", { name: "重试：富士 X100V 相机" }).click();
    // Money moved by hand: the moderator proves it is them first, then the retry goes on by itself.
    await proveIdentity(admin, moderator.password);
    await admin.getByText("重试成功，款项已转出").waitFor();
    await line.waitFor({ state: "detached" });
    // The buyer has the money back: the order's timeline says refunded.
    expect((await orderOf(server.app, buyer.token, order.id)).events.at(-1)).toMatchObject({ transition: "refunded" });
    // The reconciliation list below is still there.
    await admin
      .getByText(/还没有对账记录|已核对/)
      .first()
      .waitFor();
  }, 90_000);
});
