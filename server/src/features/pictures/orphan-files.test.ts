import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../test-support/accounts.js";
import { uploadFileId } from "../../test-support/goods.js";
import { createTestApp, type TestApp } from "../../test-support/test-app.js";
import { purgeOrphanFiles } from "./orphan-files.js";

const hour = 3600 * 1000;
let t: TestApp;
const folder = () => path.join(t.dataDir, "uploads");
const storedFiles = async () => (await fs.readdir(folder())).sort();

/** A file as a crash leaves it, last written `ageMs` ago. */
async function leftFile(name: string, ageMs: number): Promise<string> {
  const file = path.join(folder(), name);
  await fs.writeFile(file, "partial upload");
  const writtenAt = new Date(Date.now() - ageMs);
  await fs.utimes(file, writtenAt, writtenAt);
  return name;
}
const newFileId = () => randomBytes(16).toString("hex");

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("files left by interrupted uploads", () => {
  it("are removed once older than the grace period: temporary files and pictures without a row", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const kept = await uploadFileId(t.app, user.token);
    const keptFiles = await storedFiles();
    for (const name of keptFiles) await fs.utimes(path.join(folder(), name), new Date(0), new Date(0));
    const orphan = newFileId();
    for (const stale of [`${newFileId()}.upload`, `${orphan}.webp`, `${orphan}-thumb.webp`]) {
      await leftFile(stale, 2 * hour);
    }
    const inFlight = newFileId();
    const young = [
      await leftFile(`${newFileId()}.upload`, 0),
      await leftFile(`${inFlight}.webp`, 10_000),
      await leftFile(`${inFlight}-thumb.webp`, 10_000),
    ];
    const foreign = await leftFile("notes.txt", 2 * hour);

    expect(await purgeOrphanFiles(t.app.db, t.app.pictureFiles, hour)).toEqual({ temporaries: 1, pictureFiles: 2 });
    expect(await storedFiles()).toEqual([...keptFiles, ...young, foreign].sort());
    expect(await t.app.pictureFiles.exists(kept)).toBe(true);
  });

  it("walks a folder larger than one batch", async () => {
    const before = await storedFiles();
    const orphans = Array.from({ length: 1_100 }, () => `${newFileId()}.webp`);
    await Promise.all(orphans.map((name) => leftFile(name, 2 * hour)));
    expect(await purgeOrphanFiles(t.app.db, t.app.pictureFiles, hour)).toEqual({
      temporaries: 0,
      pictureFiles: 1_100,
    });
    expect(await storedFiles()).toEqual(before);
  });
});
