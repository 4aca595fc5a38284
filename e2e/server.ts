import fs from "node:fs";
import fsp from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import type { Browser } from "playwright-core";
import { buildApp } from "../server/src/app.js";
import { loadConfig } from "../server/src/config.js";

const builtWebApp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../web/dist");

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real server with the built web app (web/dist, or another build's directory: the web
 * benchmark's reference), demo data and a database of its own; `env` adds settings (a bucket).
 * With `seededDataDir` (a data folder a server has seeded and closed) it starts on a copy of it,
 * rather than drawing the demo goods' pictures again.
 */
export async function startServer(
  webDist = builtWebApp,
  env: Record<string, string> = {},
  seededDataDir?: string,
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(webDist, "index.html"))) {
    throw new Error("web/dist is missing: run `npm run build` first (npm test does)");
  }
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "xianzhi-e2e-"));
  if (seededDataDir) await fsp.cp(seededDataDir, dataDir, { recursive: true });
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: "silent",
    DEMO_DATA: "true",
    // The journeys play several people from one address.
    RATE_LIMIT_MULTIPLIER: "100",
    ...env,
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    dataDir,
    async close() {
      await app.close();
      await fsp.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A server and a browser for a test file, closed after it. */
export function useServerAndBrowser(
  beforeAll: (fn: () => Promise<void>) => void,
  afterAll: (fn: () => Promise<void>) => void,
) {
  const running = {} as { server: RunningServer; browser: Browser; goodsId: string };
  beforeAll(async () => {
    const [{ launchBrowser }, { inject }] = await Promise.all([import("./browser.js"), import("vitest")]);
    [running.server, running.browser] = await Promise.all([
      startServer(undefined, {}, inject("seededDataDir")),
      launchBrowser(),
    ]);
    const list = await (await fetch(`${running.server.url}/api/goods/getlist?pageSize=1`)).json();
    running.goodsId = list.data.list[0].id;
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.close();
  });
  return running;
}
