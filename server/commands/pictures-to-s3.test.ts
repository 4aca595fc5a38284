import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig, repoRoot } from "../src/config.js";
import { registerUser } from "../src/test-support/accounts.js";
import { postGoods, uploadFileId } from "../src/test-support/goods.js";
import { createPictureTestApp, type PictureTestApp } from "../src/test-support/picture-stores.js";
import { type S3Server, s3Server } from "../src/test-support/s3-server.js";
import { call } from "../src/test-support/test-app.js";

// The command runs as an operator types it, on pictures an app stored on disk, to a real s3rver.
let onDisk: PictureTestApp;
let bucket: S3Server;

beforeAll(async () => {
  onDisk = await createPictureTestApp("disk");
  bucket = await s3Server();
});
afterAll(async () => {
  await onDisk.close();
  await bucket.close();
});

async function npmRun(env: Record<string, string>) {
  try {
    const { stdout } = await promisify(execFile)("npm", ["run", "-s", "pictures:to-s3"], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe("npm run pictures:to-s3", () => {
  it("refuses to run without a bucket in the settings", async () => {
    const run = await npmRun({ DATA_DIR: onDisk.dataDir });
    expect(run).toMatchObject({ code: 1, output: expect.stringContaining("set S3_BUCKET and S3_PUBLIC_URL") });
  });

  it("copies every picture once, skips what the bucket holds, and the server then shows them from it", async () => {
    const seller = await registerUser(onDisk.app, onDisk.dataDir);
    const fileIds = [await uploadFileId(onDisk.app, seller.token), await uploadFileId(onDisk.app, seller.token)];
    const goods = await postGoods(onDisk.app, seller.token, { fileIds });
    await onDisk.leaveTemporary("0123456789abcdef0123456789abcdef.upload", 0);
    const pictureFiles = fileIds.flatMap((fileId) => [`${fileId}-thumb.webp`, `${fileId}.webp`]).sort();
    const env = { DATA_DIR: onDisk.dataDir, ...bucket.env };

    const first = await npmRun(env);
    expect(first).toMatchObject({
      code: 0,
      output: expect.stringContaining("copied 4, already there 0, not pictures (left alone) 1"),
    });
    expect(await bucket.keys()).toEqual(pictureFiles);
    const again = await npmRun(env);
    expect(again.output).toContain("copied 0, already there 4, not pictures (left alone) 1");

    const config = loadConfig({ ...env, LOG_LEVEL: "silent", DEMO_DATA: "false" });
    const fromBucket = await buildApp({ ...config, webDist: null }, { logger: false, database: onDisk.database });
    try {
      const detail = await call(fromBucket, "GET", `/api/goods/info/${goods.id}`);
      const [picture] = detail.data.pictures;
      expect(picture.url).toBe(`${bucket.publicUrl}/${fileIds[0]}.webp`);
      const served = Buffer.from(await (await fetch(picture.url)).arrayBuffer());
      expect(served.equals(await fs.readFile(path.join(onDisk.dataDir, "uploads", `${fileIds[0]}.webp`)))).toBe(true);
    } finally {
      await fromBucket.close();
    }
  });
});
