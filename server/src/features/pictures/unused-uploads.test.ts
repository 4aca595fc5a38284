import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../test-support/accounts.js";
import { postGoods, uploadFileId } from "../../test-support/goods.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { purgeUnusedUploads } from "./picture-service.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("uploads never used", () => {
  it("are deleted after a day, files too, unless on goods or used as an avatar", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const abandoned = await uploadFileId(t.app, user.token);
    const onGoods = await uploadFileId(t.app, user.token);
    const avatar = await uploadFileId(t.app, user.token);
    await postGoods(t.app, user.token, { fileIds: [onGoods] });
    await call(t.app, "PUT", "/api/user/userinfo", { token: user.token, body: { avatarUrl: `/files/${avatar}.webp` } });
    // The profile form saves the thumbnail's address: that upload is in use too.
    const other = await registerUser(t.app, t.dataDir);
    const thumbAvatar = await uploadFileId(t.app, other.token);
    const thumbUrl = `/files/${thumbAvatar}-thumb.webp`;
    await call(t.app, "PUT", "/api/user/userinfo", { token: other.token, body: { avatarUrl: thumbUrl } });

    expect(await purgeUnusedUploads(t.app.db, t.app.pictureFiles)).toBe(0);
    const dayLater = Date.now() + 25 * 3600 * 1000;
    expect(await purgeUnusedUploads(t.app.db, t.app.pictureFiles, dayLater)).toBe(1);

    const left = await t.app.db.selectFrom("pictures").select("fileId").execute();
    expect(left.map((row) => row.fileId).sort()).toEqual([onGoods, avatar, thumbAvatar].sort());
    const files = await fs.readdir(path.join(t.dataDir, "uploads"));
    expect(files.some((name) => name.startsWith(abandoned))).toBe(false);
    expect(files.filter((name) => name.startsWith(avatar))).toHaveLength(2);
    expect(files.filter((name) => name.startsWith(thumbAvatar))).toHaveLength(2);
  });
});
