import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatAbout, goodsOf, newUser, pageOf } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

const cardTitles = (page: Page) => page.locator(".feed_goods-card__title").allTextContents();

/** 拉黑 on a page, confirmed in the sheet that says what it does. */
async function blockFromPage(page: Page) {
  await page.getByRole("button", { name: "拉黑", exact: true }).click();
  const sheet = page.getByRole("dialog", { name: /^拉黑/ });
  await sheet.getByText("首页和搜索里不再出现对方的闲置").waitFor();
  await sheet.getByRole("button", { name: "确定拉黑" }).click();
  await page.getByRole("button", { name: "取消拉黑" }).first().waitFor();
}

describe("blocking a seller", () => {
  it("takes their goods out of my home feed and search until I unblock them in the personal centre", async () => {
    const [me, pest, other] = await Promise.all([
      newUser(running.server),
      newUser(running.server),
      newUser(running.server),
    ]);
    await goodsOf(running.server, other, { title: "拉黑测试 书架" });
    await goodsOf(running.server, pest, { title: "拉黑测试 旧台灯" });
    const { url } = running.server;
    const page = await pageOf(running.browser, running.server, me, "/");
    await expect.poll(() => cardTitles(page)).toContain("拉黑测试 旧台灯");

    await page.goto(`${url}/user/${pest.id}`);
    await blockFromPage(page);

    await page.goto(`${url}/`);
    await expect.poll(() => cardTitles(page)).toContain("拉黑测试 书架");
    expect(await cardTitles(page)).not.toContain("拉黑测试 旧台灯");
    await page.goto(`${url}/search_result?keyword=${encodeURIComponent("拉黑测试")}`);
    await expect.poll(() => cardTitles(page)).toEqual(["拉黑测试 书架"]);

    await page.goto(`${url}/userinfo`);
    await page.getByRole("tab", { name: "黑名单" }).click();
    const blocked = page.getByRole("list", { name: "黑名单" });
    await blocked.getByText(pest.username).waitFor();
    await blocked.getByRole("button", { name: `取消拉黑 ${pest.username}` }).click();
    await page.getByText("黑名单是空的").first().waitFor();

    await page.goto(`${url}/search_result?keyword=${encodeURIComponent("拉黑测试")}`);
    await expect.poll(() => cardTitles(page)).toEqual(["拉黑测试 旧台灯", "拉黑测试 书架"]);
    await page.goto(`${url}/`);
    await expect.poll(() => cardTitles(page)).toContain("拉黑测试 旧台灯");
  });

  it("stops the blocked user's messages in the chat, saying why, and tells me I blocked them", async () => {
    const [me, pest] = await Promise.all([newUser(running.server), newUser(running.server)]);
    const goods = await goodsOf(running.server, me, { title: "拉黑聊天测试 相机" });
    const chatId = await chatAbout(running.server, pest, me, goods.id);

    const mine = await pageOf(running.browser, running.server, me, `/chat?chatId=${chatId}`);
    await mine.getByLabel("输入消息").waitFor();
    await blockFromPage(mine);
    await mine.getByText(`你已拉黑 ${pest.username}，双方都不能再发消息`).waitFor();
    expect(await mine.getByLabel("输入消息").count()).toBe(0);

    const theirs = await pageOf(running.browser, running.server, pest, `/chat?chatId=${chatId}`);
    await theirs.getByLabel("输入消息").fill("在吗？便宜点");
    await theirs.getByLabel("输入消息").press("Enter");
    await theirs.getByRole("status").filter({ hasText: "对方已拒绝与你互动，无法继续发送消息" }).waitFor();
    expect(await theirs.getByLabel("输入消息").count()).toBe(0);
    await theirs.getByRole("alert").filter({ hasText: "对方已拒绝与你互动" }).waitFor();
  });
});

describe("reporting", () => {
  it("sends a report of goods with a reason from the list, once while it is open", async () => {
    const [me, seller] = await Promise.all([newUser(running.server), newUser(running.server)]);
    const goods = await goodsOf(running.server, seller, { title: "举报测试 名牌包" });
    const page = await pageOf(running.browser, running.server, me, `/goodsinfo/${goods.id}`);

    const report = async () => {
      await page.getByRole("button", { name: "举报这件闲置" }).click();
      const sheet = page.getByRole("dialog", { name: "举报闲置" });
      // The tests' browser asks for less motion (CONTEXT_DEFAULTS): the sheet is there at once.
      const moving = await page
        .locator(".ant-modal")
        .evaluate((modal) => modal.getAnimations({ subtree: true }).length);
      expect(moving).toBe(0);
      await sheet.getByRole("button", { name: "提交举报" }).click();
      await sheet.getByRole("alert").filter({ hasText: "请选择举报原因" }).waitFor();
      await sheet.getByRole("radio", { name: "假冒商品" }).check();
      await sheet.getByLabel("补充说明（选填）").fill("logo 印歪了");
      await sheet.getByRole("button", { name: "提交举报" }).click();
      return sheet;
    };

    const first = await report();
    await page.getByText("已收到举报，我们会尽快处理").waitFor();
    await first.waitFor({ state: "hidden" });

    const second = await report();
    await second.getByRole("alert").filter({ hasText: "你已经举报过，我们正在处理" }).waitFor();
  });

  it("asks for words of one's own when the reason is 其他, from a comment", async () => {
    const [me, seller, commenter] = await Promise.all([
      newUser(running.server),
      newUser(running.server),
      newUser(running.server),
    ]);
    const goods = await goodsOf(running.server, seller, { title: "举报留言测试 键盘" });
    const { call } = await import("../server/src/test-support/test-app.js");
    await call(running.server.app, "POST", "/api/goodscomment", {
      token: commenter.token,
      body: { goodsId: goods.id, content: "加我微信便宜卖" },
    });
    const page = await pageOf(running.browser, running.server, me, `/goodsinfo/${goods.id}`);
    await page.getByRole("button", { name: `举报 ${commenter.username} 的留言` }).click();
    const sheet = page.getByRole("dialog", { name: "举报评论" });
    await sheet.getByRole("radio", { name: "其他" }).check();
    await sheet.getByRole("button", { name: "提交举报" }).click();
    await sheet.getByRole("alert").filter({ hasText: "选择“其他”时请写明举报原因" }).waitFor();
    await sheet.getByLabel("说明（必填）").fill("引导站外交易");
    await sheet.getByRole("button", { name: "提交举报" }).click();
    await page.getByText("已收到举报，我们会尽快处理").waitFor();
  });
});
