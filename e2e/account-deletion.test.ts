import fs from "node:fs/promises";
import { DELETED_USER_NAME } from "@xianzhi/contract/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../server/src/test-support/test-app.js";
import { VIEWPORTS } from "./browser.js";
import { chatAbout, goodsOf, newPage, newUser, pageOf } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

describe("closing one's account in the browser", () => {
  it("downloads the data, then closes the account: gone from search, 已注销用户 in the other's chat, sign-in refused", async () => {
    const { server, browser } = running;
    const [seller, buyer] = [await newUser(server), await newUser(server)];
    const title = "注销前卖的黄铜台灯";
    const goods = await goodsOf(server, seller, { title });
    const buyersGoods = await goodsOf(server, buyer, { title: "买家自己的藤椅" });
    await call(server.app, "POST", "/api/goodscomment", {
      token: seller.token,
      body: { goodsId: buyersGoods.id, content: "藤椅还在吗" },
    });
    const chatId = await chatAbout(server, buyer, seller, goods.id);

    // A phone: the section has to work at 360 px.
    const page = await pageOf(browser, server, seller, "/userinfo?tab=security");
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByRole("button", { name: "下载我的数据" }).scrollIntoViewIfNeeded();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "下载我的数据" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^xianzhi-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await fs.readFile((await download.path()) as string, "utf8"));
    expect(file.data.goods.map((line: { title: string }) => line.title)).toEqual([title]);
    expect(file.data.comments[0].content).toBe("藤椅还在吗");

    await page.getByText("注销后无法恢复").waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await page.getByLabel("登录密码（确认是你本人）").fill("wrong1234");
    await page.getByRole("button", { name: "注销账号" }).click();
    await page.getByRole("button", { name: "确认注销" }).click();
    await page.getByText("密码错误", { exact: true }).waitFor();

    await page.getByLabel("登录密码（确认是你本人）").fill(seller.password);
    await page.getByRole("button", { name: "注销账号" }).click();
    await page.getByRole("button", { name: "确认注销" }).click();
    await page.getByText("账号已注销，感谢你使用闲置").waitFor();
    await page.waitForURL(`${server.url}/`);
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();

    await page.goto(`${server.url}/search_result?keyword=${encodeURIComponent("黄铜台灯")}`);
    await page.getByText(/没有找到与/).waitFor();
    expect(await page.getByText(title).count()).toBe(0);

    const buyersPage = await pageOf(browser, server, buyer, `/chat?chatId=${chatId}`);
    await buyersPage.locator(".chat_chat-list__item", { hasText: DELETED_USER_NAME }).waitFor();
    expect(await buyersPage.locator(".chat_chat-list__item", { hasText: seller.username }).count()).toBe(0);

    const login = await newPage(browser, VIEWPORTS.phone);
    await login.goto(`${server.url}/login`);
    await login.getByLabel("用户名", { exact: true }).fill(seller.username);
    await login.getByLabel("密码", { exact: true }).fill(seller.password);
    await login.getByRole("button", { name: /^登\s*录$/ }).click();
    await login.getByText("该账号已注销，无法登录").waitFor();
    expect(login.url()).toBe(`${server.url}/login`);
  });
});
