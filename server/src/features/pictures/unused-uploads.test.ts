import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceDeps } from "../../services.js";
import { registerUser } from "../../test-support/accounts.js";
import { postGoods, upload, uploadFileId } from "../../test-support/goods.js";
import { createPictureTestApp, PICTURE_STORES, type PictureTestApp } from "../../test-support/picture-stores.js";
import { call } from "../../test-support/test-app.js";
import { purgeUnusedUploads } from "./picture-service.js";

describe.each(PICTURE_STORES)("uploads never used, in the %s store", (kind) => {
  let t: PictureTestApp;
  beforeAll(async () => {
    t = await createPictureTestApp(kind);
  });
  afterAll(() => t.close());

  it("are deleted after a day, files too, unless on goods or used as an avatar", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const abandoned = await uploadFileId(t.app, user.token);
    const onGoods = await uploadFileId(t.app, user.token);
    const avatar = await upload(t.app, user.token);
    await postGoods(t.app, user.token, { fileIds: [onGoods] });
    const saved = await call(t.app, "PUT", "/api/user/userinfo", {
      token: user.token,
      body: { avatarUrl: avatar.data.url },
    });
    // Saved as /files/…, whatever the store: the address outlives a move to a bucket.
    expect(saved.data.avatarUrl).toBe(`/files/${avatar.data.fileId}.webp`);
    // The profile form saves the thumbnail's address, as the upload answered it: that upload is in use too.
    const other = await registerUser(t.app, t.dataDir);
    const thumbAvatar = await upload(t.app, other.token);
    await call(t.app, "PUT", "/api/user/userinfo", {
      token: other.token,
      body: { avatarUrl: thumbAvatar.data.thumbUrl },
    });
    const shown = await call(t.app, "GET", "/api/user/getinfo", { token: other.token });
    expect(shown.data.avatarUrl).toBe(`/files/${thumbAvatar.data.fileId}-thumb.webp`);
    expect(await t.load(shown.data.avatarUrl)).toMatchObject({ status: 200 });

    expect(await purgeUnusedUploads(serviceDeps(t.app))).toBe(0);
    const dayLater = Date.now() + 25 * 3600 * 1000;
    expect(await purgeUnusedUploads(serviceDeps(t.app), dayLater)).toBe(1);

    const left = await t.app.db.selectFrom("pictures").select("fileId").execute();
    const kept = [onGoods, avatar.data.fileId, thumbAvatar.data.fileId];
    expect(left.map((row) => row.fileId).sort()).toEqual([...kept].sort());
    const files = await t.leftFiles();
    expect(files.some((name) => name.startsWith(abandoned))).toBe(false);
    for (const fileId of kept) expect(files.filter((name) => name.startsWith(fileId))).toHaveLength(2);
  });
});
