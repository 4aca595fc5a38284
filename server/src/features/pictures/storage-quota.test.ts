import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { PictureLimits } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "../../lib/clock.js";
import { serviceDeps } from "../../services.js";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { testJpeg, upload } from "../../test-support/goods.js";
import { createTestApp, type TestApp } from "../../test-support/test-app.js";
import { insertPicture, storedBytesOf } from "./picture-repository.js";
import { purgeUnusedUploads } from "./picture-service.js";

const quota = PictureLimits.storagePerUserBytes;
let t: TestApp;
let photo: Buffer;
/** What the photo takes once stored, both versions: measured by the first test's upload. */
let photoBytes: number;

const storedFiles = async () => (await fs.readdir(path.join(t.dataDir, "uploads"))).sort();
const rowsOf = (user: RegisteredUser) =>
  t.app.db.selectFrom("pictures").selectAll().where("ownerId", "=", Number(user.id)).execute();

/** Earlier uploads of the user (unused, as a post abandoned half-way leaves them) taking `bytes`. */
async function fillStorage(user: RegisteredUser, bytes: number): Promise<void> {
  const fileId = randomBytes(16).toString("hex");
  await insertPicture(t.app.db, { fileId, ownerId: Number(user.id), width: 1, height: 1, bytes, createdAt: nowIso() });
}

beforeAll(async () => {
  t = await createTestApp();
  photo = await testJpeg(1600, 1200, "#a33");
});
afterAll(() => t.close());

describe("per-user storage quota", () => {
  it("counts what each upload takes on disk, both versions", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const reply = await upload(t.app, user.token, photo);
    expect(reply.code).toBe(200);
    const [row] = await rowsOf(user);
    const sizes = await Promise.all(
      [`${reply.data.fileId}.webp`, `${reply.data.fileId}-thumb.webp`].map((name) =>
        fs.stat(path.join(t.dataDir, "uploads", name)),
      ),
    );
    photoBytes = sizes.reduce((sum, stats) => sum + stats.size, 0);
    expect(row?.bytes).toBe(photoBytes);
    expect(await storedBytesOf(t.app.db, Number(user.id))).toBe(photoBytes);
  });

  it("refuses an upload that would go past the quota with 413, leaving no file and no row", async () => {
    const user = await registerUser(t.app, t.dataDir);
    await fillStorage(user, quota - photoBytes + 1);
    const before = { files: await storedFiles(), rows: await rowsOf(user) };
    const reply = await upload(t.app, user.token, photo);
    expect(reply).toEqual({
      status: 413,
      code: 413,
      msg: "图片空间已用完，请删除不用的闲置或图片后再上传",
      data: null,
    });
    expect({ files: await storedFiles(), rows: await rowsOf(user) }).toEqual(before);
  });

  it("takes an upload that fills the quota exactly, then refuses the next before processing it", async () => {
    const user = await registerUser(t.app, t.dataDir);
    await fillStorage(user, quota - photoBytes);
    expect((await upload(t.app, user.token, photo)).code).toBe(200);
    expect(await storedBytesOf(t.app.db, Number(user.id))).toBe(quota);
    const before = await storedFiles();
    expect(await upload(t.app, user.token, await testJpeg(10, 10))).toMatchObject({ status: 413, code: 413 });
    expect(await storedFiles()).toEqual(before);
  });

  it("counts unused uploads until they are purged", async () => {
    const user = await registerUser(t.app, t.dataDir);
    await fillStorage(user, quota);
    expect((await upload(t.app, user.token, photo)).status).toBe(413);
    await purgeUnusedUploads(serviceDeps(t.app), Date.now() + 25 * 3600 * 1000);
    expect((await upload(t.app, user.token, photo)).code).toBe(200);
  });

  it("lets only as many parallel uploads through as fit: never past the quota", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const other = await registerUser(t.app, t.dataDir);
    // Room for two and a half photos: of ten parallel uploads, exactly two fit.
    await fillStorage(user, quota - Math.floor(photoBytes * 2.5));
    const filesBefore = (await storedFiles()).length;
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () => upload(t.app, user.token, photo)),
      upload(t.app, other.token, photo),
    ]);
    const statuses = replies.slice(0, 10).map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 413)).toHaveLength(8);
    expect(replies[10]?.code).toBe(200);
    expect(await storedBytesOf(t.app.db, Number(user.id))).toBeLessThanOrEqual(quota);
    expect((await storedFiles()).length).toBe(filesBefore + 2 * 3);
  });
});
