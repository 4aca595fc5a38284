import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, VIEWPORTS, waitUntilSettled } from "./browser.js";
import { useServerAndBrowser } from "./server.js";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

const running = useServerAndBrowser(beforeAll, afterAll);

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core, injected into the page, on what the screen shows. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  })) as Violation[];
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
}

const screens: [string, () => string, boolean][] = [
  ["home", () => "/", false],
  ["login", () => "/login", false],
  ["register", () => "/reg", false],
  ["search", () => `/search_result?keyword=${encodeURIComponent("手机")}`, false],
  ["goods detail", () => `/goodsinfo/${running.goodsId}`, false],
  ["post", () => "/post", true],
  ["personal center", () => "/userinfo", true],
  ["chat", () => "/chat", true],
  ["home with hearts", () => "/", true],
  ["home filtered", () => `/?condition=new,like_new&city=${encodeURIComponent("上海")}&maxPrice=5000`, false],
  ["search, nothing found", () => `/search_result?keyword=${encodeURIComponent("没有这种东西")}`, false],
];

describe("accessibility", () => {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    it.each(screens)(`%s has no serious or critical axe violation (${viewportName})`, async (_name, path, signedIn) => {
      // The app's content security policy forbids the injected axe script; only this test adds it.
      const context = await running.browser.newContext({ locale: "zh-CN", viewport, bypassCSP: true });
      const page = await context.newPage();
      if (signedIn) await signInAs(page, running.server.url, "bob", "xianzhi123");
      await page.goto(`${running.server.url}${path()}`);
      await waitUntilSettled(page);
      const violations = await seriousViolations(page);
      await context.close();
      expect(violations).toEqual([]);
    });
  }
});
