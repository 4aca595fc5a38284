import { AccountLimits } from "@xianzhi/contract";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendChatMessage, signInAs, waitUntilSettled } from "./browser.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await running.browser.newContext({ locale: "zh-CN" });
  page = await context.newPage();
});
afterEach(() => context.close());

async function titleOf(path: string): Promise<string> {
  await page.goto(`${running.server.url}${path}`);
  await page.waitForFunction(() => document.title !== "闲置", undefined, { timeout: 10_000 });
  return page.title();
}

describe("routes", () => {
  it.each([
    ["/", "首页"],
    ["/home", "首页"],
    ["/login", "登录"],
    ["/reg", "注册"],
    ["/search_result?keyword=%E6%89%8B%E6%9C%BA", "搜索详情"],
  ])("%s has the title %s", async (path, title) => {
    expect(await titleOf(path)).toBe(title);
  });

  it("/goodsinfo/{id} has the title 商品详情", async () => {
    expect(await titleOf(`/goodsinfo/${running.goodsId}`)).toBe("商品详情");
  });

  it.each([
    ["/post", "发布闲置"],
    ["/userinfo", "个人中心"],
    ["/chat", "聊天"],
  ])("%s has the title %s for a signed-in user", async (path, title) => {
    await signInAs(page, running.server.url, "alice", "xianzhi123");
    expect(await titleOf(path)).toBe(title);
  });

  it("answers any other path with the plain text 404 Not Found", async () => {
    await page.goto(`${running.server.url}/no/such/page`);
    await page.waitForFunction(() => document.body.textContent?.includes("404"));
    expect((await page.locator("body").textContent())?.trim()).toBe("404 Not Found");
  });
});

describe("the guard", () => {
  it.each(["/post", "/userinfo", "/chat"])(
    "sends %s to /login in place of the entry, then back after login",
    async (path) => {
      await page.goto(`${running.server.url}/`);
      await page.waitForFunction(() => document.title === "首页");
      await page.goto(`${running.server.url}${path}`);
      await page.waitForURL(`${running.server.url}/login`);
      await page.waitForFunction(() => document.title === "登录");

      await page.getByLabel("用户名", { exact: true }).fill("alice");
      await page.getByLabel("密码", { exact: true }).fill("xianzhi123");
      await page
        .getByRole("button", { name: "登 录" })
        .or(page.getByRole("button", { name: "登录" }))
        .click();
      await page.waitForURL(`${running.server.url}${path}`);
      expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeTruthy();
    },
  );

  it("replaces the history entry: going back from /login skips the guarded page", async () => {
    await page.goto(`${running.server.url}/`);
    await page.waitForFunction(() => document.title === "首页");
    await page.goto(`${running.server.url}/chat`);
    await page.waitForURL(`${running.server.url}/login`);
    await page.goBack();
    await page.waitForURL(`${running.server.url}/`);
  });
});

describe("the goods detail", () => {
  it("suggests other goods of the same category, never the one shown", async () => {
    const goodsUrl = `${running.server.url}/goodsinfo/${running.goodsId}`;
    const detail = await (await fetch(`${running.server.url}/api/goods/info/${running.goodsId}`)).json();
    await page.goto(goodsUrl);
    const similar = page.getByRole("region", { name: "同类闲置" });
    await similar.locator(".goods-card").first().waitFor();
    const links = await similar
      .locator(".goods-card__link")
      .evaluateAll((cards) => cards.map((card) => card.getAttribute("href")));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^\/goodsinfo\/\d+$/);
    expect(links).not.toContain(`/goodsinfo/${running.goodsId}`);

    await similar.locator(".goods-card").first().click();
    await page.waitForURL(/\/goodsinfo\/\d+$/);
    const shown = await (await fetch(`${running.server.url}/api/goods/info/${page.url().split("/").pop()}`)).json();
    expect(shown.data.category).toBe(detail.data.category);
  });
});

describe("the content security policy", () => {
  it("lets every screen load, draw pictures and open the chat socket with no violation", async () => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const violations = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    await signInAs(page, running.server.url, "bob", "xianzhi123");
    for (const path of ["/", `/goodsinfo/${running.goodsId}`, "/post", "/userinfo", "/reg"]) {
      await page.goto(`${running.server.url}${path}`);
      await waitUntilSettled(page);
      expect(await violations()).toEqual([]);
    }
    await page.goto(`${running.server.url}/chat`);
    await page.locator(".chat-list__item").first().click();
    await sendChatMessage(page, "CSP 下也能聊");
    expect(await violations()).toEqual([]);
  });
});

describe("the login screen", () => {
  it("says how long to wait after too many wrong passwords", async () => {
    await page.goto(`${running.server.url}/login`);
    await page.getByLabel("用户名", { exact: true }).fill("carol");
    await page.getByLabel("密码", { exact: true }).fill("notherpassword1");
    const submit = page.getByRole("button", { name: /^登\s*录$/ });
    const alert = page.getByRole("alert");
    for (let i = 0; i < AccountLimits.loginFailuresPerAccount; i += 1) {
      await Promise.all([page.waitForResponse("**/api/user/login/username"), submit.click()]);
      await alert.filter({ hasText: "用户名或密码错误" }).waitFor();
    }
    await page.getByLabel("密码", { exact: true }).fill("xianzhi123");
    await submit.click();
    await alert.filter({ hasText: "登录失败次数过多，请 15 分钟后再试" }).waitFor();
    expect(page.url()).toBe(`${running.server.url}/login`);
  });
});

describe("lazy screens", () => {
  it("show a large spinner over the whole viewport while a screen's code loads, on a first visit too", async () => {
    let releaseChunk: () => void = () => {};
    const chunkHeld = new Promise<void>((resolve) => {
      releaseChunk = resolve;
    });
    await page.route(/\/assets\/register-screen-[\w-]+\.js$/, async (route) => {
      await chunkHeld;
      await route.continue();
    });
    await page.goto(`${running.server.url}/reg`, { waitUntil: "commit" });
    const spinner = page.locator(".page-spinner");
    await spinner.waitFor({ state: "visible" });
    expect(await spinner.locator(".ant-spin-lg").count()).toBe(1);
    releaseChunk();
    await page.waitForFunction(() => document.title === "注册");
    await spinner.waitFor({ state: "detached" });
  });

  it("show a large spinner in the middle of the viewport while a screen's code loads", async () => {
    await page.goto(`${running.server.url}/`);
    await page.waitForFunction(() => document.title === "首页");
    let releaseChunk: () => void = () => {};
    const chunkHeld = new Promise<void>((resolve) => {
      releaseChunk = resolve;
    });
    await page.route(/\/assets\/login-screen-[\w-]+\.js$/, async (route) => {
      await chunkHeld;
      await route.continue();
    });
    await page.getByRole("link", { name: "登录" }).click();
    const spinner = page.locator(".page-spinner");
    await spinner.waitFor({ state: "visible" });
    expect(await spinner.locator(".ant-spin-lg").count()).toBe(1);
    const box = await spinner.boundingBox();
    const viewport = page.viewportSize();
    expect(box?.height).toBe(viewport?.height);
    releaseChunk();
    await page.waitForFunction(() => document.title === "登录");
    await spinner.waitFor({ state: "detached" });
  });
});
