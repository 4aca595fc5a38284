import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { multipart, testJpeg, upload } from "../../test-support/goods.js";
import { createPictureTestApp, PICTURE_STORES, type PictureTestApp } from "../../test-support/picture-stores.js";
import { call } from "../../test-support/test-app.js";

describe.each(PICTURE_STORES)("pictures in the %s store", (kind) => {
  let t: PictureTestApp;
  let user: RegisteredUser;
  const pictureRows = async () => (await t.app.db.selectFrom("pictures").selectAll().execute()).length;
  const left = async () => ({ files: await t.leftFiles(), rows: await pictureRows() });

  beforeAll(async () => {
    t = await createPictureTestApp(kind);
    user = await registerUser(t.app, t.dataDir);
  });
  afterAll(() => t.close());

  describe("picture upload", () => {
    it("stores a web-sized version and a thumbnail, served with a long cache", async () => {
      const reply = await upload(t.app, user.token, await testJpeg(3000, 2000));
      expect(reply).toMatchObject({ code: 200, data: { width: 1280, height: 853 } });
      const { fileId, url, thumbUrl } = reply.data;
      // On disk the server serves them; a bucket serves them itself, from its public address.
      expect(url).toBe(`${t.servedFrom}${fileId}.webp`);
      expect(thumbUrl).toBe(`${t.servedFrom}${fileId}-thumb.webp`);

      const web = await t.load(url);
      expect(web.status).toBe(200);
      expect(web.cacheControl).toBe("public, max-age=31536000, immutable");
      expect(await sharp(web.bytes).metadata()).toMatchObject({ format: "webp", width: 1280 });
      const thumb = await t.load(thumbUrl);
      const thumbMeta = await sharp(thumb.bytes).metadata();
      expect(Math.max(thumbMeta.width ?? 0, thumbMeta.height ?? 0)).toBe(400);
    });

    it("removes the EXIF data, location included, and keeps the picture upright", async () => {
      const withGps = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#888" } })
        .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "31/1 14/1 0/1" } })
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer();
      expect(await sharp(withGps).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
      const reply = await upload(t.app, user.token, withGps);
      const stored = await t.load(reply.data.url);
      const meta = await sharp(stored.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(stored.bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
      // Orientation 6 means "rotate 90°": the stored picture is already turned.
      expect(reply.data).toMatchObject({ width: 200, height: 400 });
    });

    it.each([
      [
        "png",
        () =>
          sharp({ create: { width: 50, height: 50, channels: 4, background: "#f00" } })
            .png()
            .toBuffer(),
      ],
      [
        "webp",
        () =>
          sharp({ create: { width: 50, height: 50, channels: 3, background: "#0f0" } })
            .webp()
            .toBuffer(),
      ],
      [
        "gif",
        () =>
          sharp({ create: { width: 50, height: 50, channels: 3, background: "#00f" } })
            .gif()
            .toBuffer(),
      ],
    ])("accepts %s, whatever the file is called", async (_type, make) => {
      const reply = await upload(t.app, user.token, await make(), "no-extension");
      expect(reply).toMatchObject({ code: 200, data: { width: 50, height: 50 } });
    });

    it("refuses a file that is not an image though named .jpg, leaving nothing behind", async () => {
      const before = await left();
      const reply = await call(t.app, "POST", "/api/com/upload", {
        token: user.token,
        ...multipart(Buffer.from("<html>not a picture</html>"), "cat.jpg", "image/jpeg"),
      });
      expect(reply).toMatchObject({ status: 415, code: 415, msg: "仅支持 JPG、PNG、WebP、GIF 格式的图片" });
      expect(await left()).toEqual(before);
    });

    it("refuses a truncated image, leaving nothing behind", async () => {
      const before = await left();
      const whole = await sharp({
        create: {
          width: 800,
          height: 600,
          channels: 3,
          background: "#808080",
          noise: { type: "gaussian", mean: 128, sigma: 40 },
        },
      })
        .jpeg()
        .toBuffer();
      const reply = await upload(t.app, user.token, whole.subarray(0, Math.floor(whole.length / 2)));
      expect(reply).toMatchObject({ status: 400, code: 400, msg: "图片已损坏或不完整，请换一张" });
      expect(await left()).toEqual(before);
    });

    it("refuses a file over 10 MB, leaving nothing behind", async () => {
      const before = await left();
      const huge = Buffer.concat([await testJpeg(), Buffer.alloc(10 * 1024 * 1024)]);
      const reply = await upload(t.app, user.token, huge);
      expect(reply).toMatchObject({ status: 413, code: 413, msg: "图片不能超过 10 MB" });
      expect(await left()).toEqual(before);
    });

    it("refuses an empty file, a missing file, a wrong field and a JSON body", async () => {
      expect(await upload(t.app, user.token, Buffer.alloc(0))).toMatchObject({
        status: 400,
        msg: "上传的图片是空文件",
      });
      const wrongField = await call(t.app, "POST", "/api/com/upload", {
        token: user.token,
        ...multipart(await testJpeg(), "a.jpg", "image/jpeg", "picture"),
      });
      expect(wrongField).toMatchObject({ status: 400, msg: "请选择要上传的图片" });
      const json = await call(t.app, "POST", "/api/com/upload", { token: user.token, body: { file: "x" } });
      expect(json).toMatchObject({ status: 415, code: 415 });
    });

    it("needs a signed-in user", async () => {
      const reply = await call(t.app, "POST", "/api/com/upload", multipart(await testJpeg(), "a.jpg", "image/jpeg"));
      expect(reply).toMatchObject({ status: 401 });
    });

    it("answers a missing picture with a plain 404", async () => {
      const missing = "0123456789abcdef0123456789abcdef.webp";
      expect((await t.load(t.app.pictureFiles.store.urlOf(missing))).status).toBe(404);
      const response = await t.app.inject({ method: "GET", url: "/files/0123456789abcdef.webp" });
      expect(response.statusCode).toBe(404);
    });
  });
});
