import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";
import { readEnvironment } from "./env-files.js";

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-env-"));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

const write = (file: string, text: string) => fs.writeFile(path.join(dir, file), text);

/** The configuration a start in `dir` would have with this real environment. */
function configIn(env: NodeJS.ProcessEnv) {
  const { values, sources } = readEnvironment(dir, env);
  return loadConfig(values, sources);
}

describe(".env files", () => {
  it("are read, .env.local over .env, and the real environment over both", async () => {
    await write(".env", "PORT=4000\nLOG_LEVEL=debug\n# a comment\nDEMO_DATA=false\n");
    await write(".env.local", 'PORT=4100\nMAIL_FROM="闲置 <me@example.com>"\n');
    expect(configIn({ LOG_LEVEL: "warn" })).toMatchObject({
      port: 4100,
      logLevel: "warn",
      demoData: false,
      mailFrom: "闲置 <me@example.com>",
    });
  });

  it("are optional", () => {
    expect(configIn({ PORT: "4200" })).toMatchObject({ port: 4200, logLevel: "info" });
  });

  it("are not read under test (NODE_ENV=test): a test's server sees only what the test gives it", async () => {
    await write(".env", "PORT=4000\n");
    expect(configIn({ NODE_ENV: "test" }).port).toBe(3000);
  });

  it("stop the start at a bad value, naming the variable and the file it came from", async () => {
    await write(".env", "RESPONSE_CACHE_MS=soon\n");
    await write(".env.local", "PORT=abc\n");
    expect(() => configIn({})).toThrow(/PORT="abc" \(from \.env\.local\): must be a number/);
    expect(() => configIn({})).toThrow(/RESPONSE_CACHE_MS="soon" \(from \.env\): must be a number/);
  });

  it("name no file for a bad value of the real environment, which won over a good one in a file", async () => {
    await write(".env", "PORT=4000\n");
    expect(() => configIn({ PORT: "abc" })).toThrow(/PORT="abc": must be a number/);
  });
});
