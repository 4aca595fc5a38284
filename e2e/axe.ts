/** axe-core in a page of the app (whose content security policy the context must bypass: bypassCSP). */
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

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
export async function violationsOf(page: Page): Promise<string[]> {
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
