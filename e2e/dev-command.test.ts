import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LISTED_COUNT } from "../server/src/demo/demo-goods.js";
import { DEMO_PASSWORD } from "../server/src/demo/seed.js";
import { freePort } from "../server/src/test-support/ports.js";
import { waitUntil } from "../server/src/test-support/server-process.js";
import { launchBrowser } from "./browser.js";

/**
 * `npm run dev` as a new contributor runs it: in a fresh `git clone` of this repository (its
 * committed files), with a `.env`. `npm install` would take minutes and need the registry, so the
 * clone gets this checkout's installed packages instead, as hard-linked copies (`cp -al`): a tree of
 * its own, whose workspace links point into the clone, at the cost of a few seconds.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const run = promisify(execFile);
const SLOW = 240_000;

let clone: string;
let dev: ChildProcess;
let output = "";
let browser: Browser;
let devUrl: string;
let serverUrl: string;

async function cloneWithPackages(): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-clone-"));
  const target = path.join(folder, "xianzhi");
  await run("git", ["clone", "--quiet", repoRoot, target]);
  const { workspaces } = JSON.parse(await fs.readFile(path.join(repoRoot, "package.json"), "utf8"));
  for (const dir of [".", ...workspaces]) {
    const installed = path.join(repoRoot, dir, "node_modules");
    if (!(await fs.stat(installed).catch(() => null))) continue;
    await run("cp", ["-al", installed, path.join(target, dir, "node_modules")]);
    // Vite's cache of this checkout's own runs: a fresh install has none.
    await fs.rm(path.join(target, dir, "node_modules", ".vite"), { recursive: true, force: true });
  }
  return target;
}

function seen(text: RegExp, times = 1): () => boolean {
  return () => (output.match(new RegExp(text, "g")) ?? []).length >= times;
}

beforeAll(async () => {
  clone = await cloneWithPackages();
  const [devPort, serverPort, shadowedPort] = [await freePort(), await freePort(), await freePort()];
  devUrl = `http://127.0.0.1:${devPort}`;
  serverUrl = `http://127.0.0.1:${serverPort}`;
  // DEV_PORT and DATA_DIR come from .env alone; PORT is in .env too, but the environment wins.
  const dataDir = path.join(clone, "dev-data");
  await fs.writeFile(path.join(clone, ".env"), `DEV_PORT=${devPort}\nPORT=${shadowedPort}\nDATA_DIR=${dataDir}\n`);
  // Vitest runs with NODE_ENV=test, under which the .env files are not read: a contributor's shell has none.
  const { NODE_ENV: _test, ...env } = process.env;
  dev = spawn("npm", ["run", "dev"], {
    cwd: clone,
    env: { ...env, PORT: String(serverPort), DATABASE_URL: "", REDIS_URL: "" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  dev.stdout?.on("data", collect);
  dev.stderr?.on("data", collect);
  browser = await launchBrowser();
  await waitUntil(() => seen(/is ready at/)() && output.includes(`open ${devUrl}/`), SLOW).catch((error) => {
    throw new Error(`npm run dev did not start:\n${output}`, { cause: error });
  });
}, SLOW);

afterAll(async () => {
  await browser?.close();
  if (dev?.pid && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once("exit", resolve));
    process.kill(-dev.pid, "SIGTERM");
    await exited;
  }
  if (clone) await fs.rm(path.dirname(clone), { recursive: true, force: true });
}, SLOW);

describe("npm run dev in a fresh clone", () => {
  it("serves the app page and the API, with the demo data, at the one address", async () => {
    const page = await fetch(`${devUrl}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain("/@vite/client");

    const list = await (await fetch(`${devUrl}/api/goods/getlist?pageSize=1`)).json();
    expect(list).toMatchObject({ code: 200, data: { total: DEMO_LISTED_COUNT } });
    const cover = await fetch(`${devUrl}${list.data.list[0].coverUrl}`);
    expect(cover.headers.get("content-type")).toBe("image/webp");
  });

  it("runs the server on PORT from the environment, which won over the .env file's", async () => {
    expect((await fetch(`${serverUrl}/api/health/live`)).status).toBe(200);
  });

  it(
    "shows a change to a screen without reloading the page",
    async () => {
      const page = await browser.newPage();
      // Vite compiles the app's modules on this first visit, for longer than a navigation waits for
      // the app to take over (browser.ts): the heading below waits as long as it takes.
      await page.goto(devUrl, { waitUntil: "commit" });
      const screenFile = path.join(clone, "web/src/screens/home-screen.tsx");
      const screen = await fs.readFile(screenFile, "utf8");
      const heading = /<h1>([^<]+)<\/h1>/.exec(screen)?.[1] as string;
      await page.getByRole("heading", { name: heading }).waitFor({ timeout: SLOW });
      await page.evaluate(() => Object.assign(window, { notReloaded: true }));

      await fs.writeFile(screenFile, screen.replace(`<h1>${heading}</h1>`, "<h1>改过的标题</h1>"));
      await page.getByRole("heading", { name: "改过的标题" }).waitFor({ timeout: SLOW });
      expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await page.close();
    },
    SLOW,
  );

  it(
    "restarts the server on a change to it, keeping the data and the sessions",
    async () => {
      const signIn = await fetch(`${devUrl}/api/user/login/username`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "bob", password: DEMO_PASSWORD }),
      });
      const { token } = (await signIn.json()).data;
      const favoritesOfBob = async () => {
        const reply = await fetch(`${devUrl}/api/fav`, { headers: { authorization: `Bearer ${token}` } });
        const { data } = await reply.json();
        return data.list.map((goods: { id: string }) => goods.id);
      };
      const before = await favoritesOfBob();
      expect(before.length).toBeGreaterThan(0);

      await fs.appendFile(path.join(clone, "server/src/main.ts"), "\n// changed while npm run dev runs\n");
      await waitUntil(seen(/is ready at/, 2), SLOW);
      expect(await favoritesOfBob()).toEqual(before);
      const list = await (await fetch(`${devUrl}/api/goods/getlist?pageSize=1`)).json();
      expect(list.data.total).toBe(DEMO_LISTED_COUNT);
    },
    SLOW,
  );
});
