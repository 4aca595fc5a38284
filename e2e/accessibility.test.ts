import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { VIEWPORTS } from "./browser.js";
import { type DemoIds, demoIds, openScreenState, SCREEN_STATES } from "./screens.js";
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

let ids: DemoIds;
beforeAll(async () => {
  ids = await demoIds(running.server.url, running.server.dataDir);
});

// Each screen state opens in a browser context of its own and only looks: a few at a time share
// the server and the browser while the others wait on the network and the screens' animations.
describe.concurrent("accessibility", () => {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    it.for(SCREEN_STATES.map((state) => [state.name, state] as const))(
      `%s has no serious or critical axe violation (${viewportName})`,
      async ([, state], { expect }) => {
        // The app's content security policy forbids the injected axe script; only this test adds it.
        const context = await running.browser.newContext({ locale: "zh-CN", viewport, bypassCSP: true });
        const page = await context.newPage();
        await openScreenState(page, running.server.url, state, ids);
        const violations = await seriousViolations(page);
        await context.close();
        expect(violations).toEqual([]);
      },
    );
  }
});
