import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

describe("/api/docs", () => {
  let page: Page;
  const violations: string[] = [];

  beforeAll(async () => {
    const context = await running.browser.newContext();
    page = await context.newPage();
    // The app's Content-Security-Policy applies to the docs too: anything it blocks is reported here.
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
      ),
    );
    page.on("console", (message) => {
      if (message.type() === "error") violations.push(message.text());
    });
  });

  it("shows every call of the API, and tries one out against the server", async () => {
    await page.goto(`${running.server.url}/api/docs`);
    const listCall = page.locator("#operations-goods-getApiGoodsGetlist");
    await listCall.waitFor();
    expect(await page.locator(".opblock").count()).toBeGreaterThan(60);

    await listCall.locator(".opblock-summary").click();
    await listCall.getByRole("button", { name: "Try it out" }).click();
    await listCall.getByRole("button", { name: "Execute" }).click();
    const status = listCall.locator(".live-responses-table .response .response-col_status").first();
    await status.waitFor();
    expect((await status.textContent())?.trim()).toBe("200");
    expect(await listCall.locator(".live-responses-table .microlight").first().textContent()).toContain('"code": 200');
    expect(violations).toEqual([]);
  });
});
