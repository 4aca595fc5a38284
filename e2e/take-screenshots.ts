/**
 * npm run screenshots: every screen in every state (e2e/screens.ts) at phone and desktop width,
 * into screenshots/ (ignored by git). It starts its own server with the demo data, or uses the one
 * at BASE_URL. SCREENS=userinfo takes only the states whose name contains that text; SCREENS=order,checkout
 * those whose name contains either.
 */
import fs from "node:fs/promises";
import { launchBrowser, VIEWPORTS } from "./browser.js";
import { demoIds, openScreenState, SCREEN_STATES } from "./screens.js";
import { startServer } from "./server.js";

const notFound = { name: "not-found", path: () => "/no/such/page" };
const parts = (process.env.SCREENS ?? "").split(",");
const wanted = [...SCREEN_STATES, notFound].filter((state) => parts.some((part) => state.name.includes(part)));

async function main() {
  const server = process.env.BASE_URL ? null : await startServer();
  const baseUrl = process.env.BASE_URL ?? server?.url ?? "";
  await fs.mkdir("screenshots", { recursive: true });
  const browser = await launchBrowser();
  const ids = await demoIds(baseUrl, server?.dataDir);
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const state of wanted) {
      // A context per screen: each starts signed out, as its state says.
      const context = await browser.newContext({ viewport, locale: "zh-CN", deviceScaleFactor: 1 });
      const page = await context.newPage();
      await openScreenState(page, baseUrl, state, ids).catch((error: unknown) =>
        console.warn(`${state.name}-${name} did not settle: ${error}`),
      );
      // A viewport as tall as the page, rather than a full-page shot: the phone's fixed tab bar then
      // sits at the page's end, where a user who scrolled down sees it, not across the middle.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      if (height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
      await page.screenshot({ path: `screenshots/${state.name}-${name}.png` });
      await context.close();
    }
  }
  await browser.close();
  await server?.close();
  console.log("screenshots written to screenshots/");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
