import type { BrowserContext, Page, Route } from "playwright-core";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CONTEXT_DEFAULTS, signInAs, VIEWPORTS } from "./browser.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

const PHONE = { width: 360, height: 740 };

async function newPage(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
  const context = await running.browser.newContext({ ...CONTEXT_DEFAULTS, viewport });
  contexts.push(context);
  return context.newPage();
}

const photo = (color: string, width = 900, height = 700) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** A call to the API as a user, answering the envelope's data. */
async function callApi<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const response = await fetch(`${running.server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(isForm || !body ? {} : { "content-type": "application/json" }) },
    body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${envelope.msg}`);
  return envelope.data;
}

async function tokenOf(username: string): Promise<string> {
  const response = await fetch(`${running.server.url}/api/user/login/username`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "xianzhi123" }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Goods of bob's, made through the API, with the pictures given (uploaded in this order). */
async function bobsGoods(fields: { title: string; description?: string }, pictures: Buffer[] = []) {
  const token = await tokenOf("bob");
  const fileIds: string[] = [];
  for (const picture of pictures) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(picture)], { type: "image/jpeg" }), "photo.jpg");
    fileIds.push((await callApi<{ fileId: string }>(token, "POST", "/com/upload", form)).fileId);
  }
  const goods = await callApi<{ id: string }>(token, "POST", "/goods/", {
    description: "",
    priceCents: 12_300,
    category: "digital",
    condition: "good",
    location: "上海",
    fileIds,
    ...fields,
  });
  return { id: goods.id, fileIds, token };
}

/** The file ids the tiles or slides show, in the order shown. */
const fileIdsShown = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src.match(/files\/(\w+)/)?.[1]));

/** Answers held uploads in the order given, each once the one before has reached the page. */
async function answerInOrder(routes: Route[]): Promise<void> {
  for (const route of routes) await route.fulfill({ response: await route.fetch() });
}

describe("posting pictures", () => {
  it("keeps the order the files were picked in, reorders by drag and menu, and the goods page shows that order", async () => {
    const page = await newPage();
    await signInAs(page, running.server.url, "bob", "xianzhi123");
    await page.goto(`${running.server.url}/post`);
    const held: Route[] = [];
    const fileIdOf: Record<string, string> = {};
    await page.route("**/api/com/upload", async (route) => {
      held.push(route);
    });
    page.on("response", async (response) => {
      if (!response.url().endsWith("/api/com/upload")) return;
      const name = response
        .request()
        .postDataBuffer()
        ?.toString("latin1")
        .match(/filename="(\w)\.jpg"/)?.[1];
      if (name) fileIdOf[name] = ((await response.json()) as { data: { fileId: string } }).data.fileId;
    });
    await page.locator("input[type=file]").setInputFiles([
      { name: "a.jpg", mimeType: "image/jpeg", buffer: await photo("#c0392b") },
      { name: "b.jpg", mimeType: "image/jpeg", buffer: await photo("#27ae60") },
      { name: "c.jpg", mimeType: "image/jpeg", buffer: await photo("#2980b9") },
    ]);
    await expect.poll(() => held.length).toBe(3);
    // The last picked finishes first: it still comes last.
    await answerInOrder([...held].reverse());
    const tiles = ".pictures_picture-uploader__item--picture img";
    await expect.poll(() => page.locator(tiles).count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => Object.keys(fileIdOf).length).toBe(3);
    const { a, b, c } = fileIdOf as Record<"a" | "b" | "c", string>;
    expect(await fileIdsShown(page, tiles)).toEqual([a, b, c]);
    expect(await page.locator(".pictures_picture-uploader__item--picture").first().getByText("封面").count()).toBe(1);

    // Drag the third picture onto the first: it becomes the cover.
    const third = await page.locator(".pictures_picture-uploader__item--picture").nth(2).boundingBox();
    const first = await page.locator(".pictures_picture-uploader__item--picture").nth(0).boundingBox();
    if (!third || !first) throw new Error("tiles are not on screen");
    await page.mouse.move(third.x + third.width / 2, third.y + third.height / 2);
    await page.mouse.down();
    await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => fileIdsShown(page, tiles)).toEqual([c, a, b]);
    await page.getByRole("img", { name: "第 1 张图片（封面）" }).waitFor();

    // Without a pointer: the third one moves forward from its menu.
    await page.getByRole("button", { name: "调整第 3 张的位置" }).click();
    await page.getByRole("menuitem", { name: "前移一位" }).click();
    await expect.poll(() => fileIdsShown(page, tiles)).toEqual([c, b, a]);

    await page.getByLabel("标题").fill("三张图片排好序的台灯");
    await page.getByLabel("价格（元）").fill("66");
    await page.getByLabel("分类").click();
    await page.getByTitle("数码影音").click();
    await page.getByRole("button", { name: /^发\s*布$/ }).click();
    await page.waitForURL(/\/goodsinfo\/\d+$/);
    const slides = ".goods-gallery_goods-gallery__slide img";
    await page.locator(slides).first().waitFor();
    expect(await fileIdsShown(page, slides)).toEqual([c, b, a]);
    expect(await page.locator(slides).first().getAttribute("alt")).toBe("三张图片排好序的台灯 第 1 张图（封面）");

    // The order is kept through an edit too.
    await page.getByRole("button", { name: /编\s*辑/ }).click();
    await expect.poll(() => fileIdsShown(page, tiles)).toEqual([c, b, a]);
    await page.getByRole("button", { name: "调整第 3 张的位置" }).click();
    await page.getByRole("menuitem", { name: "设为封面" }).click();
    await page.getByRole("button", { name: /保存修改/ }).click();
    await page.waitForURL(/\/goodsinfo\/\d+$/);
    await expect.poll(() => fileIdsShown(page, slides)).toEqual([a, c, b]);
  });

  it("reorders by finger on a phone", async () => {
    const context = await running.browser.newContext({
      ...CONTEXT_DEFAULTS,
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
    });
    contexts.push(context);
    const page = await context.newPage();
    await signInAs(page, running.server.url, "bob", "xianzhi123");
    await page.goto(`${running.server.url}/post`);
    await page.locator("input[type=file]").setInputFiles([
      { name: "a.jpg", mimeType: "image/jpeg", buffer: await photo("#c0392b") },
      { name: "b.jpg", mimeType: "image/jpeg", buffer: await photo("#27ae60") },
    ]);
    const tiles = ".pictures_picture-uploader__item--picture img";
    await expect.poll(() => page.locator(tiles).count(), { timeout: 15_000 }).toBe(2);
    const [first, second] = await fileIdsShown(page, tiles);
    const from = await page.locator(".pictures_picture-uploader__item--picture").nth(1).boundingBox();
    const to = await page.locator(".pictures_picture-uploader__item--picture").nth(0).boundingBox();
    if (!from || !to) throw new Error("tiles are not on screen");
    // A finger's drag, as the touch screen reports it: the page must not take it for a scroll.
    const touch = await context.newCDPSession(page);
    const at = (box: typeof from, share: number) => ({ x: box.x + box.width * share, y: box.y + box.height / 2 });
    await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [at(from, 0.5)] });
    for (const share of [0.4, 0.2, 0, -0.3, -0.6]) {
      await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [at(from, share)] });
    }
    await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [at(to, 0.5)] });
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(() => fileIdsShown(page, tiles)).toEqual([second, first]);
    // The drag began on a button's reach: it moved the picture and pressed nothing.
    expect(await page.getByRole("menu").count()).toBe(0);
  });

  it("shows why a file was refused, and no picture for it, until the user removes the message", async () => {
    const page = await newPage(PHONE);
    await signInAs(page, running.server.url, "bob", "xianzhi123");
    await page.goto(`${running.server.url}/post`);
    await page.locator("input[type=file]").setInputFiles([
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") },
      { name: "broken.jpg", mimeType: "image/jpeg", buffer: Buffer.from("these bytes are no jpeg") },
    ]);
    const refusals = page.locator(".pictures_picture-uploader__failure");
    await expect.poll(() => refusals.count(), { timeout: 15_000 }).toBe(2);
    expect(await refusals.filter({ hasText: "notes.txt：只支持 JPEG、PNG、WEBP、GIF 图片" }).count()).toBe(1);
    expect(await refusals.filter({ hasText: "broken.jpg：" }).count()).toBe(1);
    expect(
      await page
        .locator(".pictures_picture-uploader__item--picture, .pictures_picture-uploader__item--uploading")
        .count(),
    ).toBe(0);
    await page.getByRole("button", { name: "移除notes.txt的错误" }).click();
    await expect.poll(() => refusals.count()).toBe(1);
  });
});

describe("the goods page", () => {
  it("shows every picture whole, a portrait one uncropped", async () => {
    const { id, fileIds } = await bobsGoods({ title: "竖着拍的落地灯" }, [
      await photo("#8e44ad", 600, 1000),
      await photo("#16a085"),
    ]);
    const page = await newPage(PHONE);
    await page.goto(`${running.server.url}/goodsinfo/${id}`);
    const slides = page.locator(".goods-gallery_goods-gallery__slide img");
    await slides.first().waitFor();
    expect(await fileIdsShown(page, ".goods-gallery_goods-gallery__slide img")).toEqual(fileIds);
    expect(await slides.first().evaluate((image) => getComputedStyle(image).objectFit)).toBe("contain");
    // A thumbnail brings its picture into view once the app has taken the server's markup over (the
    // comments come only then): before, a visitor's page is the server's drawing.
    await page.locator("#comments-title").waitFor();
    await page.getByRole("button", { name: "看第 2 张图" }).click();
    await expect
      .poll(() => page.locator(".goods-gallery_goods-gallery__track").evaluate((track) => track.scrollLeft))
      .toBeGreaterThan(100);
  });

  it("does not get wider than a phone with long unbroken text", async () => {
    const { id } = await bobsGoods({ title: "W".repeat(60), description: "x".repeat(300) });
    const page = await newPage(PHONE);
    await page.goto(`${running.server.url}/goodsinfo/${id}`);
    await page.getByRole("heading", { name: "W".repeat(60) }).waitFor();
    await page.getByText("x".repeat(300)).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  });

  it("tells a buyer plainly that sold goods are sold", async () => {
    const { id, token } = await bobsGoods({ title: "已经卖掉的自行车" });
    await callApi(token, "PUT", `/goods/${id}/status`, { status: "sold" });
    const page = await newPage(PHONE);
    await signInAs(page, running.server.url, "alice", "xianzhi123");
    await page.goto(`${running.server.url}/goodsinfo/${id}`);
    await page.getByRole("status").filter({ hasText: "这件闲置已经卖出" }).waitFor();
    const chat = page.getByRole("button", { name: "已售出" });
    expect(await chat.isDisabled()).toBe(true);
    const price = page.locator(".goods-info_goods-info__price-now");
    expect(await price.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe("line-through");
    expect(await price.evaluate((element) => getComputedStyle(element).color)).toBe("rgb(89, 89, 89)");
  });

  it("keeps a buyer's actions at the bottom of a phone's screen, and in place on a desktop", async () => {
    const { id } = await bobsGoods({ title: "带着按钮滚动的书架", description: "很长的描述\n".repeat(60) });
    const page = await newPage(PHONE);
    await signInAs(page, running.server.url, "alice", "xianzhi123");
    await page.goto(`${running.server.url}/goodsinfo/${id}`);
    const bar = page.locator(".goods-info_goods-action-bar");
    await bar.getByRole("button", { name: "聊一聊" }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    const stuckAt = await bar.evaluate((element) => ({
      bottom: element.getBoundingClientRect().bottom,
      offset: Number.parseFloat(getComputedStyle(element).bottom),
      viewport: window.innerHeight,
    }));
    expect(stuckAt.bottom).toBeCloseTo(stuckAt.viewport - stuckAt.offset, 0);
    for (const button of await bar.getByRole("button").all()) {
      expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }

    const desktop = await newPage(VIEWPORTS.desktop);
    await signInAs(desktop, running.server.url, "alice", "xianzhi123");
    await desktop.goto(`${running.server.url}/goodsinfo/${id}`);
    await desktop.locator(".goods-info_goods-info__summary").getByRole("button", { name: "聊一聊" }).waitFor();
    expect(await desktop.locator(".goods-info_goods-action-bar").count()).toBe(0);
    expect(await page.locator(".goods-info_goods-info__actions").count()).toBe(0);
  });

  it("keeps a visitor's page where it is on a phone when the browser takes the server's markup over", async () => {
    const { id } = await bobsGoods({ title: "搬家出的落地灯" });
    const serverDrawn = await running.browser.newContext({
      ...CONTEXT_DEFAULTS,
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    contexts.push(serverDrawn);
    const before = await serverDrawn.newPage();
    await before.goto(`${running.server.url}/goodsinfo/${id}`);
    const page = await newPage(PHONE);
    await page.goto(`${running.server.url}/goodsinfo/${id}`);
    // Taken over: the comments come only once the browser runs the app.
    await page.locator("#comments-title").waitFor();

    // What a thumb may tap while the app takes over stays put: the seller's card, 举报, the action bar.
    for (const shown of [
      ".goods-info_goods-info__seller",
      ".goods-info_goods-info__report",
      ".goods-info_goods-action-bar",
    ]) {
      const [drawn, taken] = await Promise.all([
        before.locator(shown).boundingBox(),
        page.locator(shown).boundingBox(),
      ]);
      expect(taken, shown).toEqual(drawn);
      expect(drawn, shown).not.toBeNull();
    }
  });
});
