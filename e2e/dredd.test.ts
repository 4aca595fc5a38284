import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD, DEMO_USERS, type DemoUsername } from "../server/src/demo/demo-goods.js";
import { demo } from "../server/src/demo/demo-ids.js";
import type { ApiDocument } from "../server/src/openapi/api-document.js";
import { call } from "../server/src/test-support/test-app.js";
import { type CallResult, type DreddHooks, installHooks } from "./dredd-hooks.js";
import { type RunningServer, startServer } from "./server.js";

interface DreddStats {
  tests: number;
  failures: number;
  errors: number;
  passes: number;
  skipped: number;
}
type DreddRunner = new (
  configuration: Record<string, unknown>,
) => { run(callback: (error: Error | null, stats: DreddStats) => void): void };

declare global {
  var xianzhiDreddHooks: ((hooks: DreddHooks) => void) | undefined;
}

// Dredd is CommonJS and loads its hook files with require().
const Dredd = createRequire(import.meta.url)("dredd") as DreddRunner;
const HOOK_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "dredd-hook-file.cjs");

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(undefined, {}, inject("seededDataDir"));
});
afterAll(async () => {
  globalThis.xianzhiDreddHooks = undefined;
  await server?.close();
});

/** The demo users signed in, their identity proven (身份验证), alice made a moderator as the README says. */
async function demoSessions(): Promise<Record<DemoUsername, string>> {
  const { app } = server;
  await app.db.updateTable("users").set({ role: "moderator" }).where("username", "=", demo.moderator).execute();
  const tokens = {} as Record<DemoUsername, string>;
  for (const { username } of DEMO_USERS) {
    const login = await call(app, "POST", "/api/user/login/username", { body: { username, password: DEMO_PASSWORD } });
    tokens[username] = login.data.token;
    await call(app, "POST", "/api/user/proof", { token: login.data.token, body: { password: DEMO_PASSWORD } });
  }
  return tokens;
}

describe("the API document, as Dredd reads it", () => {
  it("calls every operation from its examples on a fresh server's demo data, each answered as documented", async () => {
    const { app, dataDir, url } = server;
    const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as ApiDocument;
    const file = path.join(dataDir, "openapi.json");
    await fs.writeFile(file, JSON.stringify(document));
    const results: CallResult[] = [];
    const tokens = await demoSessions();
    globalThis.xianzhiDreddHooks = (hooks) => installHooks(hooks, { app, dataDir, document, tokens }, results);

    const stats = await new Promise<DreddStats>((resolve, reject) => {
      const dredd = new Dredd({ endpoint: url, path: [file], hookfiles: [HOOK_FILE], reporter: [], loglevel: "error" });
      dredd.run((error, done) => (error ? reject(error) : resolve(done)));
    });

    expect(results.filter((result) => result.code !== 200 || result.problems)).toEqual([]);
    expect(stats).toMatchObject({ failures: 0, errors: 0 });
    // Every operation once, but the chat's WebSocket, which Dredd cannot open.
    const operations = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).filter(
        (operation) => !Object.hasOwn((operation as { responses: object }).responses, "101"),
      ),
    );
    expect(stats.passes).toBe(operations.length);
    expect(new Set(results.map((result) => result.operation)).size).toBe(operations.length);
  }, 420_000);
});
