import { AccountLimits } from "@xianzhi/contract";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONTEXT_DEFAULTS, sendChatMessage, signInAs, VIEWPORTS, waitUntilSettled } from "./browser.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await running.browser.newContext(CONTEXT_DEFAULTS);
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
        .getByRole("button", { name: "登 录", exact: true })
        .or(page.getByRole("button", { name: "登录", exact: true }))
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
    await similar.locator(".feed_goods-card").first().waitFor();
    const links = await similar
      .locator(".feed_goods-card__link")
      .evaluateAll((cards) => cards.map((card) => card.getAttribute("href")));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^\/goodsinfo\/\d+$/);
    expect(links).not.toContain(`/goodsinfo/${running.goodsId}`);
    // Each suggestion carries its heart, as in the feeds.
    expect(await similar.getByRole("button", { name: /^收藏：/ }).count()).toBe(links.length);

    await similar.locator(".feed_goods-card").first().click();
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
    await page.locator(".chat_chat-list__item").first().click();
    await sendChatMessage(page, "CSP 下也能聊");
    expect(await violations()).toEqual([]);
  });
});

describe("the login screen", () => {
  it("says how long to wait after too many wrong passwords", async () => {
    await page.goto(`${running.server.url}/login`);
    await page.getByLabel("用户名", { exact: true }).fill("carol");
    await page.getByLabel("密码", { exact: true }).fill("notherpassword1");
    // By its name, as a screen reader finds it: a spinner left in the button would keep it from matching.
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
    const spinner = page.locator(".page-spinner_page-spinner");
    await spinner.waitFor({ state: "visible" });
    expect(await spinner.locator(".page-spinner_page-spinner__dots").count()).toBe(1);
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
    const spinner = page.locator(".page-spinner_page-spinner");
    await spinner.waitFor({ state: "visible" });
    expect(await spinner.locator(".page-spinner_page-spinner__dots").count()).toBe(1);
    const box = await spinner.boundingBox();
    const viewport = page.viewportSize();
    expect(box?.height).toBe(viewport?.height);
    releaseChunk();
    await page.waitForFunction(() => document.title === "登录");
    await spinner.waitFor({ state: "detached" });
  });
});

describe("scrolling between pages", () => {
  it("opens a new page at its top and returns to where the list was left on back", async () => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(`${running.server.url}/`);
    await waitUntilSettled(page);
    await page.evaluate(() => window.scrollTo(0, 1500));
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(1000);

    // A card in sight, clicked where the user left the list.
    await page.evaluate(() => {
      const cards = Array.from(document.querySelectorAll<HTMLAnchorElement>('main a[href^="/goodsinfo/"]'));
      cards.find((card) => card.getBoundingClientRect().top > 100)?.click();
    });
    await page.waitForFunction(() => document.title === "商品详情");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await page.waitForFunction(() => document.title === "首页");
    await page.waitForFunction((expected) => Math.abs(window.scrollY - expected) < 5, left, { timeout: 5_000 });
  });
});

describe("the phone's shell", () => {
  beforeEach(() => page.setViewportSize(VIEWPORTS.phone));

  it("has a header whose search box and logo fit 360 px and take a thumb", async () => {
    await page.goto(`${running.server.url}/`);
    await waitUntilSettled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const search = await page.getByLabel("搜索闲置").boundingBox();
    expect(search?.width).toBeGreaterThan(200);
    for (const target of [
      page.getByRole("link", { name: "闲置", exact: true }),
      page.getByRole("button", { name: /^搜\s*索$/ }),
      page.getByRole("navigation", { name: "主要页面" }).getByRole("link", { name: "我的" }),
    ]) {
      const box = await target.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
    await page.getByLabel("搜索闲置").fill("手机");
    await page.getByLabel("搜索闲置").press("Enter");
    await page.waitForFunction(() => document.title === "搜索详情");
  });

  it("has a bottom tab bar that marks the current page and says how many messages are unread", async () => {
    await signInAs(page, running.server.url, "alice", "xianzhi123");
    const unread = await page.evaluate(async () => {
      const response = await fetch("/api/mychatlist/unread", {
        headers: { authorization: `Bearer ${localStorage.getItem("accessToken")}` },
      });
      return ((await response.json()) as { data: { unreadTotal: number } }).data.unreadTotal;
    });
    await page.goto(`${running.server.url}/`);
    const tabs = page.getByRole("navigation", { name: "主要页面" });
    await tabs.waitFor();
    expect(await tabs.locator(".tab-bar__label").allInnerTexts()).toEqual(["首页", "发布", "消息", "通知", "我的"]);
    // The message tab shows the unread count over its icon (and says it in words, see below).
    const messageCount = tabs.getByRole("link").nth(2).locator(".count-badge_count-badge__count");
    // The count comes with the unread total's answer, after the bar itself.
    await expect.poll(() => messageCount.allInnerTexts()).toEqual(unread ? [String(unread)] : []);
    expect(await tabs.locator('[aria-current="page"]').innerText()).toBe("首页");
    const messages = tabs.getByRole("link", { name: unread ? `消息，${unread} 条未读` : "消息" });
    await messages.waitFor();
    for (const box of await Promise.all((await tabs.getByRole("link").all()).map((tab) => tab.boundingBox()))) {
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }

    await messages.click();
    await page.waitForFunction(() => document.title === "聊天");
    expect(await tabs.locator('[aria-current="page"] .tab-bar__label').innerText()).toBe("消息");
    await tabs.getByRole("link", { name: "我的" }).click();
    await page.waitForFunction(() => document.title === "个人中心");
    expect(await tabs.locator('[aria-current="page"]').innerText()).toBe("我的");
  });

  it("keeps the end of a page clear of the tab bar", async () => {
    await page.goto(`${running.server.url}/`);
    await waitUntilSettled(page);
    // The home feed grows as a phone scrolls it: its end is where it says 没有更多了.
    const scrollToEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Every page of the demo feed loads one after another as it scrolls: longer than a poll's 10 s
    // on a busy machine.
    await expect
      .poll(
        async () => {
          await scrollToEnd();
          return page.locator(".feed_feed-end__status").textContent();
        },
        { timeout: 30_000 },
      )
      .toBe("没有更多了");
    await scrollToEnd();
    const bar = await page.getByRole("navigation", { name: "主要页面" }).boundingBox();
    const lastOfMain = await page.evaluate(() => {
      const main = document.querySelector("main");
      const children = main ? Array.from(main.querySelectorAll("*")) : [];
      return Math.max(...children.map((element) => element.getBoundingClientRect().bottom));
    });
    expect(lastOfMain).toBeLessThanOrEqual(bar?.y ?? 0);
  });

  it("gives an open conversation the whole height, its message box in sight", async () => {
    await signInAs(page, running.server.url, "bob", "xianzhi123");
    await page.goto(`${running.server.url}/chat`);
    await page.getByRole("navigation", { name: "主要页面" }).waitFor();
    await page.locator(".chat_chat-list__item").first().click();
    const box = await page.getByLabel("输入消息").boundingBox();
    expect(await page.getByRole("navigation", { name: "主要页面" }).count()).toBe(0);
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(VIEWPORTS.phone.height);
  });

  it("hides the tab bar on desktop, where the top bar has the same links", async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`${running.server.url}/`);
    await page.getByRole("banner").getByRole("link", { name: "注册" }).waitFor();
    expect(await page.getByRole("navigation", { name: "主要页面" }).isVisible()).toBe(false);
  });
});

describe("the skip link", () => {
  it("is the first thing the keyboard reaches and moves the focus to the main content", async () => {
    await page.goto(`${running.server.url}/`);
    await waitUntilSettled(page);
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.textContent);
    expect(focused).toBe("跳到主要内容");
    expect(await page.getByRole("link", { name: "跳到主要内容" }).isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("MAIN");
    expect(page.url()).toBe(`${running.server.url}/`);
  });
});

describe("the user menu", () => {
  it("opens from its button, moves with the arrow keys and closes with Escape", async () => {
    await signInAs(page, running.server.url, "alice", "xianzhi123");
    await page.goto(`${running.server.url}/`);
    const button = page.getByRole("button", { name: /的菜单$/ });
    await button.click();
    const menu = page.getByRole("menu");
    expect(await menu.getByRole("menuitem").allInnerTexts()).toEqual([
      "个人中心",
      expect.stringMatching(/^我的消息/),
      "退出登录",
    ]);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("个人中心");
    await page.keyboard.press("ArrowUp");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("退出登录");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");

    await button.click();
    await menu.getByRole("menuitem", { name: "个人中心" }).click();
    await page.waitForFunction(() => document.title === "个人中心");
  });
});
