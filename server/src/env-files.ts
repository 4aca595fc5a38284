import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import type { VariableSources } from "./config.js";

/** Read in this order: `.env.local` (never committed) wins over `.env`, the real environment over both. */
export const ENV_FILES = [".env", ".env.local"] as const;

export interface Environment {
  values: NodeJS.ProcessEnv;
  /** The file each variable came from; a variable of the real environment has none. */
  sources: VariableSources;
}

/**
 * The settings of a start: the real environment over the .env files of `dir`, parsed by Node's own
 * parser (the one `--env-file` uses). It is called directly rather than through
 * `process.loadEnvFile`, so a bad value can name the file it came from. Under NODE_ENV=test (Vitest
 * sets it, and the processes tests start inherit it) no file is read: a test's server sees only what
 * the test gives it, never a developer's .env.
 */
export function readEnvironment(dir: string, env: NodeJS.ProcessEnv = process.env): Environment {
  const values: NodeJS.ProcessEnv = {};
  const sources: Record<string, string> = {};
  if (env.NODE_ENV !== "test") {
    for (const file of ENV_FILES) {
      const text = readIfPresent(path.join(dir, file));
      for (const [name, value] of Object.entries(text === null ? {} : parseEnv(text))) {
        values[name] = value;
        sources[name] = file;
      }
    }
  }
  for (const [name, value] of Object.entries(env)) {
    values[name] = value;
    delete sources[name];
  }
  return { values, sources };
}

function readIfPresent(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
