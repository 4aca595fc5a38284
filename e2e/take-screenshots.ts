/**
 * npm run screenshots: every screen at phone and desktop width, into screenshots/ (ignored by git).
 * It starts its own server with the demo data, or uses the one at BASE_URL.
 */
import fs from "node:fs/promises";
import { launchBrowser, signInAs, VIEWPORTS, waitUntilSettled } from "./browser.js";
import { startServer } from "./server.js";

async function main() {
  const server = process.env.BASE_URL ? null : await startServer();
  const baseUrl = process.env.BASE_URL ?? server?.url ?? "";
  await fs.mkdir("screenshots", { recursive: true });
  const browser = await launchBrowser();
  const firstGoods = await (await fetch(`${baseUrl}/api/goods/getlist?pageSize=1`)).json();
  const goodsId = firstGoods.data.list[0]?.id ?? "1";
  const screens: [string, string, boolean][] = [
    ["home", "/", false],
    ["login", "/login", false],
    ["register", "/reg", false],
    ["search", `/search_result?keyword=${encodeURIComponent("手机")}`, false],
    ["goods-info", `/goodsinfo/${goodsId}`, false],
    ["not-found", "/no/such/page", false],
    ["post", "/post", true],
    ["userinfo", "/userinfo", true],
    ["chat", "/chat", true],
    ["chat-conversation", "/chat?chatId=1", true],
  ];
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext({ viewport, locale: "zh-CN", deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const [screen, path, needsUser] of screens) {
      if (needsUser) await signInAs(page, baseUrl, "bob", "xianzhi123");
      await page.goto(`${baseUrl}${path}`);
      await waitUntilSettled(page).catch((error: unknown) =>
        console.warn(`${screen}-${name} did not settle: ${error}`),
      );
      await page.screenshot({ path: `screenshots/${screen}-${name}.png`, fullPage: true });
    }
    await context.close();
  }
  await browser.close();
  await server?.close();
  console.log("screenshots written to screenshots/");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
