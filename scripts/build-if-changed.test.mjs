import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OUTPUTS, reasonToBuild } from "./build-if-changed.mjs";

/** @type {string} */
let root;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "xianzhi-build-"));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/**
 * Writes a file of the checkout, dated `minutesAgo`.
 * @param {string} file
 * @param {number} minutesAgo
 */
function write(file, minutesAgo) {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, "x");
  const time = new Date(Date.now() - minutesAgo * 60_000);
  fs.utimesSync(full, time, time);
}

describe("npm start's build", () => {
  it("is made when an output is missing", () => {
    write("web/src/main.tsx", 10);
    for (const output of OUTPUTS.slice(1)) write(output, 5);
    expect(reasonToBuild(root)).toBe(`${OUTPUTS[0]} is missing`);
  });

  it("is served as it is when it is newer than every source", () => {
    write("web/src/features/goods/home-screen.tsx", 10);
    write("server/src/main.ts", 10);
    for (const output of OUTPUTS) write(output, 5);
    expect(reasonToBuild(root)).toBeNull();
  });

  it("is made again when a source changed after it, however deep in its folder", () => {
    for (const output of OUTPUTS) write(output, 5);
    write("web/src/features/goods/home-screen.tsx", 1);
    expect(reasonToBuild(root)).toBe("web/src changed since the last build");
  });
});
