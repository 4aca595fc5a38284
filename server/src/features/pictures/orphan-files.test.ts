import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceDeps } from "../../services.js";
import { registerUser } from "../../test-support/accounts.js";
import { uploadFileId } from "../../test-support/goods.js";
import { createPictureTestApp, PICTURE_STORES, type PictureTestApp } from "../../test-support/picture-stores.js";
import { purgeOrphanFiles } from "./orphan-files.js";

const hour = 3600 * 1000;
const newFileId = () => randomBytes(16).toString("hex");

describe.each(PICTURE_STORES)("files left by interrupted uploads, in the %s store", (kind) => {
  let t: PictureTestApp;
  beforeAll(async () => {
    t = await createPictureTestApp(kind);
  });
  afterAll(() => t.close());

  it("are removed once older than the grace period: temporary files and pictures without a row", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const kept = await uploadFileId(t.app, user.token);
    const keptFiles = await t.leftFiles();
    // Old enough to go, if the row did not keep them.
    for (const name of keptFiles) await t.age(name, 2 * hour);
    const orphan = newFileId();
    await t.leaveTemporary(`${newFileId()}.upload`, 2 * hour);
    for (const stale of [`${orphan}.webp`, `${orphan}-thumb.webp`]) await t.leaveStored(stale, 2 * hour);
    const inFlight = newFileId();
    const young = [
      await t.leaveTemporary(`${newFileId()}.upload`, 0),
      await t.leaveStored(`${inFlight}.webp`, 10_000),
      await t.leaveStored(`${inFlight}-thumb.webp`, 10_000),
    ];
    const foreign = await t.leaveStored("notes.txt", 2 * hour);

    expect(await purgeOrphanFiles(serviceDeps(t.app), hour)).toEqual({ temporaries: 1, pictureFiles: 2 });
    expect(await t.leftFiles()).toEqual([...keptFiles, ...young, foreign].sort());
    expect(await t.app.pictureFiles.exists(kept)).toBe(true);
  });

  it("walks more files than one batch", async () => {
    const before = await t.leftFiles();
    const orphans = Array.from({ length: 1_100 }, () => `${newFileId()}.webp`);
    // A few at a time: a bucket takes them over HTTP.
    for (let start = 0; start < orphans.length; start += 50) {
      await Promise.all(orphans.slice(start, start + 50).map((name) => t.leaveStored(name, 2 * hour)));
    }
    expect(await purgeOrphanFiles(serviceDeps(t.app), hour)).toEqual({
      temporaries: 0,
      pictureFiles: 1_100,
    });
    expect(await t.leftFiles()).toEqual(before);
    // A bucket takes each file over HTTP: a thousand of them take seconds.
  }, 60_000);
});
