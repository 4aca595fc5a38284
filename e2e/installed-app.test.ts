/**
 * 闲置 as an installed app, with its service worker (web/src/sw.ts), in a persistent Chromium
 * profile as a person's browser is: pages and pictures seen open offline with 离线 and the time they
 * were kept, an action offline says it needs the network, a logout drops what was kept; pictures
 * shared from the phone's gallery open 发闲置 uploading; a push shows a notification whose tap opens
 * its chat; a new version waits for 刷新 and then runs alone.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testJpeg } from "../server/src/test-support/goods.js";
import { violationsOf } from "./axe.js";
import { BROWSER_USER_AGENT, CONTEXT_DEFAULTS, signInAs } from "./browser.js";
import { buyerAndSellerChat, goodsOf, newUser } from "./fixtures.js";
import { type RunningServer, startServer } from "./server.js";

const builtWebApp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../web/dist");

let server: RunningServer;
let context: BrowserContext;
/** A copy of the build the server serves, which the update test changes as a new release would. */
let webDist: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-web-"));
  await fs.cp(builtWebApp, webDist, { recursive: true });
  server = await startServer(webDist);
  context = await chromium.launchPersistentContext(await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-profile-")), {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
    ...CONTEXT_DEFAULTS,
    viewport: { width: 360, height: 780 },
    userAgent: BROWSER_USER_AGENT,
    // axe is injected into pages showing the bars; the app's content security policy would refuse it.
    bypassCSP: true,
  });
  await context.grantPermissions(["notifications"], { origin: server.url });
}, 60_000);

afterAll(async () => {
  await context?.close();
  await server?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

/** Opens `path` once the app has taken the page over. */
async function open(page: Page, pathname: string): Promise<void> {
  await page.goto(`${server.url}${pathname}`);
  await page.waitForFunction(() => document.documentElement.dataset.app === "ready", undefined, { timeout: 30_000 });
}

/** The app's worker controls the page: what it reads from now on goes through it. */
async function workerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

async function signedInPage(): Promise<{ page: Page; account: Awaited<ReturnType<typeof newUser>> }> {
  const account = await newUser(server);
  const page = await context.newPage();
  await signInAs(page, server.url, account.username, account.password);
  return { page, account };
}

describe("the installed app", () => {
  it("is installable with its worker controlling the page", async () => {
    const page = await context.newPage();
    await open(page, "/");
    await workerInControl(page);
    const devtools = await context.newCDPSession(page);
    expect((await devtools.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
    const manifest = JSON.parse((await devtools.send("Page.getAppManifest")).data ?? "{}");
    expect(manifest.share_target).toMatchObject({ action: "/share-target", method: "POST" });
    await page.close();
  });

  it("opens pages and pictures seen before offline, says when they were kept, and that an action needs the network", async () => {
    const seller = await newUser(server);
    const goods = await goodsOf(server, seller, { title: "离线也能看的台灯" });
    const { page } = await signedInPage();
    await open(page, "/");
    await workerInControl(page);
    await open(page, `/goodsinfo/${goods.id}`);
    await expect.poll(() => pictureShown(page)).toBe(true);

    await context.setOffline(true);
    try {
      await open(page, `/goodsinfo/${goods.id}`);
      await page.getByRole("heading", { name: "离线也能看的台灯" }).waitFor();
      await page.getByRole("status").filter({ hasText: "离线" }).filter({ hasText: "保存的内容" }).waitFor();
      await expect.poll(() => pictureShown(page)).toBe(true);
      expect(await violationsOf(page)).toEqual([]);
      await page.getByRole("button", { name: /^收藏$/ }).click();
      await page.getByText("当前处于离线状态，这个操作需要联网").waitFor();

      // A page never visited opens the app all the same, and says it is offline.
      await open(page, "/userinfo");
      await page.getByRole("status").filter({ hasText: "离线" }).waitFor();
    } finally {
      await context.setOffline(false);
    }
    await page.close();
  });

  it("drops the answers it kept for a person when they sign out", async () => {
    const { page } = await signedInPage();
    await open(page, "/");
    await workerInControl(page);
    await open(page, "/chat");
    await expect.poll(() => keptAnswers(page)).toContain("/api/mychatlist/getlist");
    await open(page, "/userinfo");
    await page.getByRole("button", { name: "退出登录" }).click();
    await page.waitForURL(`${server.url}/`);
    // The home a visitor sees is read again, without a session, and may be kept; nothing of theirs is.
    await expect.poll(() => keptAnswers(page)).not.toContain("/api/mychatlist/getlist");
    await page.close();
  });

  it("takes pictures shared from the phone's gallery to 发闲置, uploading them", async () => {
    const { page } = await signedInPage();
    await open(page, "/");
    await workerInControl(page);
    const pictures = await Promise.all([testJpeg(800, 600, "#c2410c"), testJpeg(600, 800, "#3a6ea5")]);
    // What Android does on 分享 → 闲置: a multipart POST of the manifest's share_target, as a navigation.
    await page.evaluate(
      ({ files, action }) => {
        const form = document.createElement("form");
        form.method = "POST";
        form.action = action;
        form.enctype = "multipart/form-data";
        const input = document.createElement("input");
        input.type = "file";
        input.name = "photos";
        const transfer = new DataTransfer();
        files.forEach((base64, index) => {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          transfer.items.add(new File([bytes], `相册${index + 1}.jpg`, { type: "image/jpeg" }));
        });
        input.files = transfer.files;
        form.append(input);
        document.body.append(form);
        form.submit();
      },
      { files: pictures.map((picture) => picture.toString("base64")), action: "/share-target" },
    );
    await page.waitForURL(/\/post\?shared=/);
    await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
    await expect.poll(() => page.locator("img[src*='/files/']").count(), { timeout: 20_000 }).toBe(2);
    await page.close();
  });

  it("opens the rear camera at 拍照 on 发闲置, and its photo uploads as a picked one", async () => {
    const { page } = await signedInPage();
    await open(page, "/post");
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      page.getByRole("button", { name: "拍照" }).click(),
    ]);
    const asked = await chooser
      .element()
      .evaluate((input: HTMLInputElement) => [input.accept, input.getAttribute("capture")]);
    expect(asked).toEqual(["image/*", "environment"]);
    await chooser.setFiles({ name: "拍的.jpg", mimeType: "image/jpeg", buffer: await testJpeg(640, 480, "#52c41a") });
    await expect.poll(() => page.locator("img[src*='/files/']").count(), { timeout: 20_000 }).toBe(1);
    // 添加图片 stays for the gallery.
    await page.getByRole("button", { name: /添加图片/ }).waitFor();
    await page.close();
  });

  it("shows a push as a notification that opens its chat", async () => {
    const { buyer, chatId } = await buyerAndSellerChat(server, "推送里的二手相机");
    const page = await context.newPage();
    await signInAs(page, server.url, buyer.username, buyer.password);
    await open(page, "/");
    await workerInControl(page);
    const devtools = await context.newCDPSession(page);
    const registrationId = await workerRegistrationId(devtools);
    await devtools.send("ServiceWorker.deliverPushMessage", {
      origin: server.url,
      registrationId,
      data: JSON.stringify({
        title: "新消息",
        body: "卖家：还在的",
        url: `/chat?chatId=${chatId}`,
        tag: `chat-${chatId}`,
      }),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => [shown.title, shown.body]),
        ),
      )
      .toEqual([["新消息", "卖家：还在的"]]);
    const [worker] = context.serviceWorkers();
    // A tap on it, as the platform dispatches one (the worker's scope has no types here: a string).
    await worker?.evaluate(`(async () => {
      const [notification] = await self.registration.getNotifications();
      try {
        self.dispatchEvent(new NotificationEvent("notificationclick", { notification }));
      } catch {
        // waitUntil refuses an event the platform did not send; the handler has begun all the same.
      }
    })()`);
    await page.waitForURL(new RegExp(`/chat\\?chatId=${String(chatId)}$`));
    await page.getByLabel("输入消息").waitFor();
    await page.close();
  });

  it("waits for 刷新 with a new version, then every page runs the new one", async () => {
    const page = await context.newPage();
    await open(page, "/");
    await workerInControl(page);
    // A new release: another worker script (the build writes a new one whenever a file changes).
    const worker = path.join(webDist, "sw.js");
    await fs.appendFile(worker, "\n// the next release\n");
    await fs.rm(`${worker}.br`, { force: true });
    await fs.rm(`${worker}.gz`, { force: true });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await page.getByText("有新版本").waitFor({ timeout: 20_000 });
    const waiting = await page.evaluate(async () =>
      Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
    );
    expect(waiting).toBe(true);
    expect(await violationsOf(page)).toEqual([]);
    await page.evaluate(() => Object.assign(window, { oldVersionPage: true }));
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "刷新" }).click()]);
    await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        reloaded: !("oldVersionPage" in window),
        waiting: Boolean(registration?.waiting),
        controlled: navigator.serviceWorker.controller?.state,
      };
    });
    expect(after).toEqual({ reloaded: true, waiting: false, controlled: "activated" });
    await expect(page.getByText("有新版本").count()).resolves.toBe(0);
    await page.close();
  });
});

/** Whether the goods page's first picture has loaded (it has a size). */
function pictureShown(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>("img[src*='/files/']")].some(
      (image) => image.complete && image.naturalWidth > 0,
    ),
  );
}

/** The paths of the answers the worker keeps for offline. */
function keptAnswers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open("xianzhi-answers");
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
}

/** The id DevTools knows the page's worker registration by. */
async function workerRegistrationId(devtools: import("playwright-core").CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    devtools.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const registration = registrations.find((each) => !each.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await devtools.send("ServiceWorker.enable");
  return found;
}
