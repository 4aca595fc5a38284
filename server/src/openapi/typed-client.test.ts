import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../config.js";
import { createTestAppWithRoutes } from "../test-support/route-table.js";

const run = promisify(execFile);

/**
 * The README's typed client, as an integrator makes it: its one command (openapi-typescript) on
 * the served document, then its example calls (openapi-fetch) type-checked with `strict`.
 */
const t = await createTestAppWithRoutes();
afterAll(() => t.close());

const bin = (name: string) => path.join(repoRoot, "node_modules", ".bin", name);

async function readmeClient() {
  const readme = await fs.readFile(path.join(repoRoot, "README.md"), "utf8");
  const command = /npx (openapi-typescript)@([\d.]+) http:\/\/localhost:3000\/api\/openapi\.json -o (\S+)/.exec(readme);
  const calls = /```ts\n(import createClient from "openapi-fetch";[\s\S]*?)```/.exec(readme)?.[1];
  if (!command || !calls) throw new Error("the README has no typed client command or example calls");
  const [, generator = "", version = "", output = ""] = command;
  return { generator, version, output, calls };
}

/** Whether the calls type-check against types generated from the document: tsc's complaints. */
async function typeCheck(dir: string, calls: string): Promise<string> {
  await fs.writeFile(path.join(dir, "client.ts"), calls);
  try {
    await run(bin("tsc"), ["-p", dir]);
    return "";
  } catch (error) {
    return String((error as { stdout?: string }).stdout);
  }
}

describe("the README's typed client", () => {
  it("is made by its one command, and its calls type-check; a call of no such path does not", async () => {
    const { generator, version, output, calls } = await readmeClient();
    const installed = JSON.parse(
      await fs.readFile(path.join(repoRoot, "node_modules", generator, "package.json"), "utf8"),
    );
    expect(installed.version).toBe(version);

    // Inside the repository, so the example's import of openapi-fetch resolves as in a project.
    const dir = path.join(repoRoot, "node_modules", ".cache", `typed-client-${process.pid}`);
    await fs.mkdir(dir, { recursive: true });
    try {
      const document = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
      await fs.writeFile(path.join(dir, "openapi.json"), document.body);
      await run(bin(generator), [path.join(dir, "openapi.json"), "-o", path.join(dir, output)]);
      await fs.writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
      const compilerOptions = { strict: true, module: "nodenext", target: "es2022", noEmit: true, skipLibCheck: true };
      await fs.writeFile(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["client.ts"] }));

      expect(await typeCheck(dir, calls)).toBe("");
      const misspelt = calls.replace('"/api/goods/info/{id}"', '"/api/goods/infos/{id}"');
      expect(misspelt).not.toBe(calls);
      expect(await typeCheck(dir, misspelt)).toContain("/api/goods/infos/{id}");
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
