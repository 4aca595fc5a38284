import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../server/src/test-support/test-app.js";
import { signInAs, VIEWPORTS } from "./browser.js";
import { type Account, goodsOf, newPage, newUser, pageOf } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

/** The bell in the top bar, named by its count: "通知，2 条未读", or "通知" with none unread. */
const bell = (page: Page, unread: number) =>
  page.getByRole("banner").getByRole("link", { name: unread ? `通知，${unread} 条未读` : "通知", exact: true });

const comment = async (user: Account, goodsId: string, content: string) => {
  const reply = await call(running.server.app, "POST", "/api/goodscomment", {
    token: user.token,
    body: { goodsId, content },
  });
  if (reply.code !== 200) throw new Error(`commenting failed: ${reply.msg}`);
};

const setPrice = async (seller: Account, goodsId: string, priceCents: number) => {
  const reply = await call(running.server.app, "PUT", `/api/goods/${goodsId}`, {
    token: seller.token,
    body: { priceCents },
  });
  if (reply.code !== 200) throw new Error(`changing the price failed: ${reply.msg}`);
};

/** A user with goods of their own who keeps goods of another seller as a favourite. */
async function fanAndSeller() {
  const { server } = running;
  const [fan, seller] = await Promise.all([newUser(server), newUser(server)]);
  const suffix = randomBytes(3).toString("hex");
  const [fansGoods, sellersGoods] = await Promise.all([
    goodsOf(server, fan, { title: `闲置沙发 ${suffix}`, priceCents: 50_000 }),
    goodsOf(server, seller, { title: `二手相机 ${suffix}`, priceCents: 100_000 }),
  ]);
  await call(server.app, "POST", "/api/fav", { token: fan.token, body: { goodsId: sellersGoods.id } });
  return { fan, seller, fansGoods, sellersGoods };
}

describe("the notification centre", () => {
  it("tells of a comment and a price drop live, opens what they are about, and keeps muted kinds out", async () => {
    const { server, browser } = running;
    const { fan, seller, fansGoods, sellersGoods } = await fanAndSeller();
    const page = await pageOf(browser, server, fan, "/");
    await bell(page, 0).waitFor();

    // The seller's doings reach the fan's open page without a reload.
    await comment(seller, fansGoods.id, "沙发还在吗？");
    await bell(page, 1).waitFor();
    await setPrice(seller, sellersGoods.id, 80_000);
    await bell(page, 2).waitFor();

    await bell(page, 2).click();
    await page.waitForFunction(() => document.title === "通知");
    const today = page.getByRole("region", { name: "今天" });
    const lines = today.getByRole("listitem");
    const lineTexts = async () => (await lines.allInnerTexts()).map((text) => text.replace(/\s+/g, " "));
    await expect
      .poll(lineTexts)
      .toEqual([
        expect.stringContaining("你收藏的闲置降价了 （未读） 现价 ¥800 二手相机"),
        expect.stringContaining(`${seller.username} 评论了你的闲置 （未读） 沙发还在吗？ 闲置沙发`),
      ]);

    // One more while the centre is open: it comes in on top.
    await comment(seller, fansGoods.id, "可以小刀吗");
    await lines.first().getByText("可以小刀吗").waitFor();
    await bell(page, 3).waitFor();

    await today.getByRole("link", { name: /^你收藏的闲置降价了/ }).click();
    await page.waitForURL(`**/goodsinfo/${sellersGoods.id}`);
    await bell(page, 2).waitFor();

    await page.goBack();
    await page.getByRole("button", { name: "全部已读" }).click();
    await bell(page, 0).waitFor();
    expect(await today.getByText("（未读）").count()).toBe(0);

    // 收藏降价 turned off: a further drop tells nothing, while a comment still does.
    await page.getByRole("link", { name: "通知设置" }).click();
    await page.getByRole("switch", { name: "收藏降价" }).click();
    await page.getByText("设置已保存").waitFor();
    expect(await page.getByRole("switch", { name: "收藏降价" }).getAttribute("aria-checked")).toBe("false");
    await setPrice(seller, sellersGoods.id, 60_000);
    await comment(seller, fansGoods.id, "降价了，要吗");
    await bell(page, 1).click();
    await page.getByRole("listitem").filter({ hasText: "降价了，要吗" }).waitFor();
    expect(await page.getByText("现价 ¥600").count()).toBe(0);
    expect(await page.getByText(/^你收藏的闲置降价了/).count()).toBe(1);
  });

  it("shows the unread count on the phone's 通知 tab, which opens the centre", async () => {
    const { server, browser } = running;
    const { fan, seller, fansGoods } = await fanAndSeller();
    const page = await pageOf(browser, server, fan, "/");
    await page.setViewportSize(VIEWPORTS.phone);
    const tabs = page.getByRole("navigation", { name: "主要页面" });
    await tabs.getByRole("link", { name: "通知", exact: true }).waitFor();

    await comment(seller, fansGoods.id, "能送货吗？");
    await tabs.getByRole("link", { name: "通知，1 条未读" }).click();
    await page.getByRole("link", { name: /评论了你的闲置/ }).waitFor();
    expect(await tabs.locator('[aria-current="page"] .tab-bar__label').innerText()).toBe("通知");
  });

  it("keeps the bell's count right when a count read before the news answers after it", async () => {
    const { server, browser } = running;
    const { fan, seller, fansGoods } = await fanAndSeller();
    const page = await newPage(browser);
    // The count is read as the page loads and again once the socket opens: that second answer is
    // read from the server at once but held back until the test lets it through.
    let countRequests = 0;
    let heldAnswer: (() => Promise<void>) | undefined;
    await page.route("**/api/notifications/unread", async (route) => {
      countRequests += 1;
      const answer = await route.fetch();
      if (countRequests === 2) heldAnswer = () => route.fulfill({ response: answer });
      else await route.fulfill({ response: answer });
    });
    await signInAs(page, server.url, fan.username, fan.password);
    await page.goto(`${server.url}/`);
    await expect.poll(() => heldAnswer !== undefined).toBe(true);

    await comment(seller, fansGoods.id, "沙发还在吗？");
    await bell(page, 1).waitFor();
    await heldAnswer?.();
    // The old answer (no unread) may show for a moment; the count is asked again after it.
    await expect.poll(() => countRequests).toBe(3);
    await bell(page, 1).waitFor();
  });

  it("shows twenty at first and the older ones on 加载更多", async () => {
    const { server, browser } = running;
    const { fan, seller, fansGoods } = await fanAndSeller();
    for (let n = 1; n <= 21; n += 1) await comment(seller, fansGoods.id, `第 ${n} 条留言`);
    const page = await pageOf(browser, server, fan, "/notifications");
    const lines = page.getByRole("main").getByRole("listitem");
    await page.getByText("第 21 条留言").waitFor();
    expect(await lines.count()).toBe(20);
    expect(await page.getByText("第 1 条留言", { exact: true }).count()).toBe(0);

    await page.getByRole("button", { name: "加载更多" }).click();
    await page.getByText("第 1 条留言", { exact: true }).waitFor();
    expect(await lines.count()).toBe(21);
    await page.getByText("没有更多通知了").waitFor();
    expect(await page.getByRole("button", { name: "加载更多" }).count()).toBe(0);
  });

  it("says so when there is nothing to tell", async () => {
    const { server, browser } = running;
    const page = await pageOf(browser, server, await newUser(server), "/notifications");
    await page.getByText("还没有通知").waitFor();
    expect(await page.getByRole("button", { name: "全部已读" }).isDisabled()).toBe(true);
  });
});
