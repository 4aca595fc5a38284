/**
 * 闲置 as an app on the phone's home screen: Chromium finds the site installable (its manifest,
 * icons and start page pass the browser's own checks) and reads the manifest as the build wrote it.
 * In a persistent profile, as a person's browser is: Chromium installs nothing from an incognito one.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "./server.js";

let server: RunningServer;
let context: BrowserContext;
beforeAll(async () => {
  server = await startServer();
  context = await chromium.launchPersistentContext(await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-profile-")), {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
    viewport: { width: 360, height: 780 },
    locale: "zh-CN",
  });
});
afterAll(async () => {
  await context?.close();
  await server?.close();
});

describe("installing the app", () => {
  it("is offered by the browser: the manifest, its icons and the start page pass Chromium's checks", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const devtools = await context.newCDPSession(page);
    const { installabilityErrors } = await devtools.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const { errors, data } = await devtools.send("Page.getAppManifest");
    expect(errors).toEqual([]);
    expect(JSON.parse(data ?? "{}")).toMatchObject({ name: "闲置", display: "standalone", start_url: "/" });
  });

  it("draws every icon the manifest names, at its size", async () => {
    const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json();
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const response = await fetch(`${server.url}${icon.src}`);
      expect([icon.src, response.status, response.headers.get("content-type")]).toEqual([icon.src, 200, icon.type]);
      const png = Buffer.from(await response.arrayBuffer());
      // A PNG's width and height, at bytes 16 and 20 of its header.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });

  it("serves each screenshot the manifest names, at its size", async () => {
    const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json();
    for (const shot of manifest.screenshots as { src: string; sizes: string }[]) {
      const response = await fetch(`${server.url}${shot.src}`);
      expect([shot.src, response.status]).toEqual([shot.src, 200]);
      const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(`${width}x${height}`).toBe(shot.sizes);
    }
  });
});
