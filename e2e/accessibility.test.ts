import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { CONTEXT_DEFAULTS, VIEWPORTS } from "./browser.js";
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

/**
 * axe-core, injected into the page, on what the screen shows: every violation but the minor ones.
 * Moderate counts too: a skipped heading level (the console's h4 under its h1) and a page without
 * an h1 (an open chat on a phone) are moderate.
 */
async function violationsOf(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  })) as Violation[];
  return violations
    .filter((violation) => violation.impact !== "minor")
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
      `%s has no axe violation, moderate or worse (${viewportName})`,
      async ([, state], { expect }) => {
        // The app's content security policy forbids the injected axe script; only this test adds it.
        const context = await running.browser.newContext({ ...CONTEXT_DEFAULTS, viewport, bypassCSP: true });
        const page = await context.newPage();
        await openScreenState(page, running.server.url, state, ids);
        // The console's states sign in as the moderator the server was given (screens.ts), not
        // anyone who would meet its not-found page: its own screens are what is checked.
        if (state.name.startsWith("admin-")) {
          await page.getByRole("heading", { level: 1, name: "管理后台" }).waitFor({ timeout: 15_000 });
        }
        const violations = await violationsOf(page);
        await context.close();
        expect(violations).toEqual([]);
      },
    );
  }
});
