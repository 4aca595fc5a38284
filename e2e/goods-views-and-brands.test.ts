import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, VIEWPORTS, waitUntilSettled } from "./browser.js";
import { type Account, goodsOf, newPage, newUser } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

/** A phone signed in as `account`. */
async function phoneOf(account: Account) {
  const page = await newPage(running.browser, VIEWPORTS.phone);
  await signInAs(page, running.server.url, account.username, account.password);
  return page;
}

describe("on a phone (issue 27)", () => {
  it("counts the views of others, never the seller's own", async () => {
    const [seller, visitor] = [await newUser(running.server), await newUser(running.server)];
    const goods = await goodsOf(running.server, seller, { title: "二手台灯 暖光" });
    const views = (page: Awaited<ReturnType<typeof phoneOf>>) =>
      page
        .getByText(/\d+ 次浏览/)
        .first()
        .textContent();

    const own = await phoneOf(seller);
    for (let visit = 0; visit < 3; visit += 1) {
      await own.goto(`${running.server.url}/goodsinfo/${goods.id}`);
      await waitUntilSettled(own);
      await expect.poll(() => views(own)).toContain("0 次浏览");
    }
    const other = await phoneOf(visitor);
    await other.goto(`${running.server.url}/goodsinfo/${goods.id}`);
    await waitUntilSettled(other);
    await expect.poll(() => views(other)).toContain("1 次浏览");
  });

  it("finds a brand by either of its names", async () => {
    const seller = await newUser(running.server);
    await goodsOf(running.server, seller, { title: "耐克 樱桃红跑鞋 42 码" });
    await goodsOf(running.server, seller, { title: "Sony 蓝莓色头戴耳机" });
    const page = await newPage(running.browser, VIEWPORTS.phone);
    const titlesFound = async (keyword: string) => {
      await page.goto(`${running.server.url}/search_result?keyword=${encodeURIComponent(keyword)}`);
      await waitUntilSettled(page);
      return page.locator(".feed_goods-card__title").allTextContents();
    };
    await expect.poll(() => titlesFound("Nike 樱桃红")).toEqual(["耐克 樱桃红跑鞋 42 码"]);
    await expect.poll(() => titlesFound("索尼 蓝莓色")).toEqual(["Sony 蓝莓色头戴耳机"]);
  });
});
