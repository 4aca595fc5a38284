import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CONTEXT_DEFAULTS, signInAs, VIEWPORTS, waitUntilSettled } from "./browser.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);
let context: BrowserContext;
let page: Page;

async function openPage(viewport: { width: number; height: number }) {
  context = await running.browser.newContext({ ...CONTEXT_DEFAULTS, viewport });
  page = await context.newPage();
}
afterEach(() => context?.close());

/** A word no other goods has, so that a test's goods are found alone. */
const unique = () => randomBytes(4).toString("hex");

async function api(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${running.server.url}/api${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: Record<string, unknown> };
}

async function tokenOf(username: string): Promise<string> {
  const reply = await api("POST", "/user/login/username", undefined, { username, password: "xianzhi123" });
  return reply.data.token as string;
}

interface PostedGoods {
  id: string;
  title: string;
}

async function postAsBob(fields: { title: string; priceCents?: number; condition?: string; location?: string }) {
  const reply = await api("POST", "/goods", await tokenOf("bob"), {
    description: "浏览器测试发布",
    priceCents: 10000,
    category: "other",
    condition: "good",
    ...fields,
  });
  if (reply.code !== 200) throw new Error(`posting failed: ${reply.msg}`);
  return reply.data as unknown as PostedGoods;
}

const searchUrl = (keyword: string) => `${running.server.url}/search_result?keyword=${encodeURIComponent(keyword)}`;
const heartOf = (goods: PostedGoods) => page.getByRole("button", { name: `收藏：${goods.title}` });

describe("the heart on a feed card", () => {
  it("favourites and unfavourites the goods from the search results, without leaving them", async () => {
    const word = unique();
    const goods = await postAsBob({ title: `心形测试 ${word}` });
    await openPage(VIEWPORTS.phone);
    const token = await signInAs(page, running.server.url, "alice", "xianzhi123");
    await page.goto(searchUrl(word));
    await waitUntilSettled(page);

    const heart = heartOf(goods);
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    const box = await heart.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    expect(new URL(page.url()).pathname).toBe("/search_result");
    await expect.poll(async () => (await api("GET", `/fav/exists/${goods.id}`, token)).data.exists).toBe(true);
    await page.getByText("1 人想要").waitFor();

    await page.reload();
    await waitUntilSettled(page);
    expect(await heartOf(goods).getAttribute("aria-pressed")).toBe("true");
    await heartOf(goods).click();
    await expect.poll(() => heartOf(goods).getAttribute("aria-pressed")).toBe("false");
    await expect.poll(async () => (await api("GET", `/fav/exists/${goods.id}`, token)).data.exists).toBe(false);
  });

  it("is put back with the reason when the favourite cannot be kept", async () => {
    const word = unique();
    const goods = await postAsBob({ title: `将被删除 ${word}` });
    await openPage(VIEWPORTS.desktop);
    await signInAs(page, running.server.url, "alice", "xianzhi123");
    await page.goto(searchUrl(word));
    await waitUntilSettled(page);
    // The seller takes the goods down while the buyer looks at the results.
    await api("DELETE", `/goods/${goods.id}`, await tokenOf("bob"));

    await heartOf(goods).click();
    await page.getByText("闲置不存在或已删除").waitFor();
    await expect.poll(() => heartOf(goods).getAttribute("aria-pressed")).toBe("false");
  });

  it("takes a visitor to sign in, and back", async () => {
    const word = unique();
    const goods = await postAsBob({ title: `访客点心 ${word}` });
    await openPage(VIEWPORTS.phone);
    await page.goto(searchUrl(word));
    await waitUntilSettled(page);
    await heartOf(goods).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByText("登录后即可收藏").waitFor();
  });
});

describe("the feed's filters", () => {
  it("narrow the home feed by price, condition and city, kept through refresh and undone by back", async () => {
    const city = `测城${unique()}`;
    const [cheapNew, dearNew, cheapWorn] = [
      await postAsBob({ title: "便宜全新", priceCents: 5000, condition: "new", location: `${city} 东区` }),
      await postAsBob({ title: "贵的全新", priceCents: 90000, condition: "new", location: city }),
      await postAsBob({ title: "便宜旧的", priceCents: 5000, condition: "poor", location: `${city} 西区` }),
    ];
    await openPage({ width: 360, height: 740 });
    await page.goto(`${running.server.url}/`);
    await waitUntilSettled(page);

    await page.getByRole("button", { name: /筛选/ }).click();
    const panel = page.getByRole("dialog", { name: "筛选" });
    await panel.getByLabel("最高价").fill("100");
    await panel.getByLabel("全新", { exact: true }).check();
    await panel.getByLabel("城市").fill(city);
    await panel.getByRole("button", { name: /确\s*定/ }).click();
    await page.waitForURL((url) => url.searchParams.get("city") === city);
    await waitUntilSettled(page);

    const titles = () => page.locator(".feed_goods-card__title").allTextContents();
    await expect.poll(titles).toEqual([cheapNew?.title]);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ maxPrice: "100", condition: "new", city });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.reload();
    await waitUntilSettled(page);
    expect(await titles()).toEqual([cheapNew?.title]);
    await page.getByRole("button", { name: "移除筛选：¥100 以下" }).click();
    await expect.poll(titles).toEqual([dearNew?.title, cheapNew?.title]);

    await page.goBack();
    await expect.poll(titles).toEqual([cheapNew?.title]);
    await page.goBack();
    await waitUntilSettled(page);
    expect(await titles()).toContain(cheapWorn?.title);
  });

  it("narrow the search results the same way", async () => {
    const word = unique();
    const city = `搜城${unique()}`;
    await postAsBob({ title: `搜索筛选甲 ${word}`, condition: "like_new", location: city });
    await postAsBob({ title: `搜索筛选乙 ${word}`, condition: "like_new", location: "别处" });
    await openPage(VIEWPORTS.desktop);
    await page.goto(`${searchUrl(word)}&city=${encodeURIComponent(city)}&condition=like_new`);
    await waitUntilSettled(page);
    expect(await page.locator(".feed_goods-card__title").allTextContents()).toEqual([`搜索筛选甲 ${word}`]);
    await page.getByRole("button", { name: `移除筛选：${city}` }).click();
    await expect.poll(() => page.locator(".feed_goods-card").count()).toBe(2);
  });
});

describe("a screen's data", () => {
  /** The API paths a page asks for while it opens and settles. */
  async function apiRequestsOf(path: string): Promise<string[]> {
    await openPage(VIEWPORTS.phone);
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) asked.push(`${url.pathname}${url.search}`);
    });
    await page.goto(`${running.server.url}${path}`);
    await waitUntilSettled(page);
    return asked;
  }

  it("comes in the document on a first visit, and is asked for once on a move within the app", async () => {
    // The server rendered each screen from its answer and put the answer in the document.
    const home = await apiRequestsOf("/?category=phones&page=1");
    expect(home.filter((path) => path.startsWith("/api/goods/getlist"))).toEqual([]);
    expect(await page.locator(".feed_goods-card").count()).toBeGreaterThan(0);

    const search = await apiRequestsOf(`/search_result?keyword=${encodeURIComponent("手机")}`);
    expect(search.filter((path) => path.startsWith("/api/goods/search/list"))).toEqual([]);
    expect(await page.locator(".feed_goods-card").count()).toBeGreaterThan(0);

    const goods = await apiRequestsOf(`/goodsinfo/${running.goodsId}`);
    expect(goods.filter((path) => path === `/api/goods/info/${running.goodsId}`)).toEqual([]);
    await page.getByRole("heading", { level: 1 }).waitFor();

    // Within the app the router asks ahead of the screen's code, and the screen shows that answer.
    goods.length = 0;
    await page.locator(".shell_top-nav__logo").click();
    await page.getByRole("heading", { name: "闲置好物，随手转卖" }).waitFor();
    await waitUntilSettled(page);
    expect(goods.filter((path) => path.startsWith("/api/goods/getlist?page="))).toEqual([
      "/api/goods/getlist?page=1&pageSize=20&sort=latest",
    ]);
    expect(await page.locator(".feed_goods-card").count()).toBeGreaterThan(0);
  });
});
