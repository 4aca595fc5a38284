import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { DEV_VARIABLES, loadConfig, loadDevConfig, repoRoot, SERVER_VARIABLES } from "./config.js";

const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
const example = parseEnv(fs.readFileSync(path.join(repoRoot, ".env.example"), "utf8"));

/** The Configuration table's rows: each variable named in the first cell, with the default cell. */
function readmeTable(): Map<string, string> {
  const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("### PostgreSQL, Redis and SMTP"));
  const rows = new Map<string, string>();
  for (const line of section.split("\n").filter((text) => text.startsWith("| `"))) {
    const [names = "", fallback = ""] = line.split("|").slice(1, 3);
    for (const [, name] of names.matchAll(/`(\w+)`/g)) rows.set(name as string, fallback.trim());
  }
  return rows;
}

describe("the configuration's lists", () => {
  it("name the same variables: the README's table, .env.example and what the server and npm run dev read", () => {
    const known = [...SERVER_VARIABLES, ...DEV_VARIABLES].sort();
    expect([...readmeTable().keys()].sort()).toEqual(known);
    expect(Object.keys(example).sort()).toEqual(known);
  });

  it("give the same defaults: .env.example as it is changes nothing", () => {
    expect(loadConfig(example)).toEqual(loadConfig({}));
    expect(loadDevConfig(example)).toEqual(loadDevConfig({}));
    for (const [name, fallback] of readmeTable()) {
      const literal = /^`([^`]*)`$/.exec(fallback)?.[1];
      if (literal !== undefined) expect({ [name]: example[name] }).toEqual({ [name]: literal });
    }
  });
});
