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
    // Past a hundred or so calls Swagger UI draws only the ones in view (a virtual list): a link
    // to one scrolls to it and opens it, as an integrator's bookmark would. On a busy machine that
    // scroll can come before the list is drawn and miss it (CI, stops 43 and 44): the reader then
    // scrolls down to the call and opens it, as a person would.
    const listCall = page.locator("#operations-goods-getApiGoodsGetlist");
    await page.goto(`${running.server.url}/api/docs#/goods/getApiGoodsGetlist`);
    await page.locator(".information-container").waitFor();
    for (let screens = 0; !(await listCall.isVisible()); screens += 1) {
      if (screens === 60) throw new Error("Swagger UI never drew GET /api/goods/getlist");
      await page.mouse.wheel(0, 400);
      await listCall.waitFor({ timeout: 1_000 }).catch(() => undefined);
    }
    const tryItOut = listCall.getByRole("button", { name: "Try it out" });
    if (!(await tryItOut.isVisible())) await listCall.locator(".opblock-summary-control").click();
    const document = await (await page.request.get(`${running.server.url}/api/docs/json`)).json();
    const operations = Object.values<Record<string, unknown>>(document.paths).flatMap(Object.keys);
    expect(operations.length).toBeGreaterThan(60);

    await tryItOut.click();
    await listCall.getByRole("button", { name: "Execute" }).click();
    const status = listCall.locator(".live-responses-table .response .response-col_status").first();
    await status.waitFor();
    expect((await status.textContent())?.trim()).toBe("200");
    expect(await listCall.locator(".live-responses-table .microlight").first().textContent()).toContain('"code": 200');
    expect(violations).toEqual([]);
  });
});
