import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, waitUntilSettled } from "./browser.js";
import { goodsOf, newPage, newUser } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

describe("the search box", () => {
  it("suggests as the user types; the keyboard picks one, and it is remembered among the recent searches", async () => {
    const seller = await newUser(running.server);
    await goodsOf(running.server, seller, { title: "猫爪杯 樱花限定", category: "furniture" });

    const page = await newPage(running.browser, VIEWPORTS.phone);
    await page.goto(`${running.server.url}/`);
    await waitUntilSettled(page);
    const box = page.getByRole("combobox", { name: "搜索闲置" });
    await box.pressSequentially("猫爪");
    const suggestions = page.getByRole("listbox", { name: "搜索建议" }).getByRole("option");
    await expect.poll(() => suggestions.allTextContents()).toContain("猫爪杯");
    expect(await box.getAttribute("aria-expanded")).toBe("true");

    const index = (await suggestions.allTextContents()).indexOf("猫爪杯");
    for (let step = 0; step <= index; step += 1) await box.press("ArrowDown");
    expect(await suggestions.nth(index).getAttribute("aria-selected")).toBe("true");
    await box.press("Enter");
    await page.waitForURL(`**/search_result?keyword=${encodeURIComponent("猫爪杯")}`);
    await expect.poll(() => page.locator(".feed_goods-card__title").allTextContents()).toEqual(["猫爪杯 樱花限定"]);

    // Emptied and focused, the box offers what was searched; 清除 forgets it.
    await box.fill("");
    await box.focus();
    const recent = page.getByRole("listbox", { name: "最近搜索" }).getByRole("option");
    await expect.poll(() => recent.allTextContents()).toEqual(["猫爪杯"]);
    await page.getByRole("button", { name: "清除" }).click();
    await expect.poll(() => box.getAttribute("aria-expanded")).toBe("false");
    await page.reload();
    await box.focus();
    expect(await page.evaluate(() => localStorage.getItem("xianzhi.recentSearches"))).toBeNull();
  });

  it("opens a category the typed words name", async () => {
    const page = await newPage(running.browser);
    await page.goto(`${running.server.url}/`);
    await waitUntilSettled(page);
    const box = page.getByRole("combobox", { name: "搜索闲置" });
    await box.pressSequentially("数码");
    await page.getByRole("option", { name: /分类\s*数码影音/ }).click();
    await page.waitForURL("**/?category=digital");
    await expect.poll(() => page.getByRole("radio", { name: "数码影音" }).isChecked()).toBe(true);
  });
});
