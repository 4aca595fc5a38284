import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceDeps } from "../../services.js";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods, upload, uploadFileId } from "../../test-support/goods.js";
import { createPictureTestApp, type PictureTestApp } from "../../test-support/picture-stores.js";
import { isType, listen, openSocket } from "../../test-support/sockets.js";
import { call, createTestApp } from "../../test-support/test-app.js";
import { purgeOrphanFiles } from "./orphan-files.js";

/** What only a bucket does: be away, refuse us, be named in the page's policy. */
let t: PictureTestApp;
let user: RegisteredUser;
const pictureRows = async () => (await t.app.db.selectFrom("pictures").select("fileId").execute()).length;
const s3 = () => {
  if (!t.s3) throw new Error("this suite runs on a bucket");
  return t.s3;
};

beforeAll(async () => {
  t = await createPictureTestApp("s3");
  user = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

describe("a picture store that is away", () => {
  it("fails an upload with a 503 envelope, leaving no row, no object and no temporary file", async () => {
    const before = { files: await t.leftFiles(), rows: await pictureRows() };
    await s3().stop();
    try {
      expect(await upload(t.app, user.token)).toMatchObject({
        status: 503,
        code: 503,
        msg: "图片存储暂时不可用，请稍后再试",
        data: null,
      });
    } finally {
      await s3().start();
    }
    expect({ files: await t.leftFiles(), rows: await pictureRows() }).toEqual(before);
    expect(await upload(t.app, user.token)).toMatchObject({ code: 200 });
  });

  it("does not fail deleting goods; the sweep removes the files once the store is back", async () => {
    const fileId = await uploadFileId(t.app, user.token);
    const goods = await postGoods(t.app, user.token, { fileIds: [fileId] });
    await s3().stop();
    try {
      expect(await call(t.app, "DELETE", `/api/goods/${goods.id}`, { token: user.token })).toMatchObject({
        code: 200,
      });
    } finally {
      await s3().start();
    }
    expect(await t.leftFiles()).toContain(`${fileId}.webp`);
    await t.age(`${fileId}.webp`, 7200_000);
    await t.age(`${fileId}-thumb.webp`, 7200_000);
    expect(await purgeOrphanFiles(serviceDeps(t.app), 3600_000)).toEqual({ temporaries: 0, pictureFiles: 2 });
    expect((await t.leftFiles()).filter((name) => name.startsWith(fileId))).toEqual([]);
  });
});

describe("a picture store that refuses us", () => {
  it("fails an upload with the same 503 envelope: here, a bucket that does not exist", async () => {
    const wrong = await createTestApp({ ...s3().env, S3_BUCKET: "no-such-bucket" });
    try {
      const other = await registerUser(wrong.app, wrong.dataDir);
      expect(await upload(wrong.app, other.token)).toMatchObject({
        status: 503,
        msg: "图片存储暂时不可用，请稍后再试",
      });
      expect(await wrong.app.db.selectFrom("pictures").selectAll().execute()).toEqual([]);
    } finally {
      await wrong.close();
    }
  });
});

describe("pictures in a bucket", () => {
  it("are allowed by the page's policy from the bucket's origin (on disk, from none: app.test.ts)", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/goods/getlist" });
    const imageSources = String(response.headers["content-security-policy"])
      .split(";")
      .find((directive) => directive.startsWith("img-src"));
    expect(imageSources).toBe(`img-src 'self' data: blob: ${s3().endpoint}`);
  });

  it("lead from /files/ to the bucket, for addresses saved as /files/", async () => {
    const { fileId, thumbUrl } = (await upload(t.app, user.token)).data;
    const response = await t.app.inject({ method: "GET", url: `/files/${fileId}-thumb.webp` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(thumbUrl);
    expect((await t.app.inject({ method: "GET", url: "/files/notes.txt" })).statusCode).toBe(404);
  });

  it("are sent in chat by the address the upload answered, saved as /files/", async () => {
    const seller = await registerUser(t.app, t.dataDir);
    const goods = await postGoods(t.app, seller.token);
    const chat = await call(t.app, "POST", "/api/mychatlist/create", {
      token: user.token,
      body: { peerId: seller.id, goodsId: goods.id },
    });
    const { fileId, url } = (await upload(t.app, user.token)).data;
    const socket = await openSocket(await listen(t.app), user.token);
    try {
      socket.send({ type: "send", chatId: chat.data.chatId, msgType: "image", content: url, clientMsgId: "img-s3" });
      expect(await socket.next(isType("ack"))).toMatchObject({
        message: { type: "image", content: `/files/${fileId}.webp` },
      });
      const elsewhere = `https://elsewhere.example/${fileId}.webp`;
      socket.send({
        type: "send",
        chatId: chat.data.chatId,
        msgType: "image",
        content: elsewhere,
        clientMsgId: "img-x",
      });
      expect(await socket.next(isType("error"))).toMatchObject({ code: 400, msg: "图片消息须是本站上传的图片" });
    } finally {
      await socket.close();
    }
  });

  it("as avatars, must be this bucket's: another server's address with the same name is refused", async () => {
    const { fileId } = (await upload(t.app, user.token)).data;
    const elsewhere = `https://elsewhere.example/${fileId}-thumb.webp`;
    expect(
      await call(t.app, "PUT", "/api/user/userinfo", { token: user.token, body: { avatarUrl: elsewhere } }),
    ).toMatchObject({ status: 400, msg: "头像须是你在本站上传的图片" });
  });
});

describe("generated goods' pictures in a bucket", () => {
  it("share a drawing by a copy in the bucket; removing one keeps the other", async () => {
    const fileId = await uploadFileId(t.app, user.token);
    const copy = await t.app.pictureFiles.share(fileId);
    expect(await t.leftFiles()).toEqual(expect.arrayContaining([`${copy}.webp`, `${copy}-thumb.webp`]));
    const [original, shared] = [
      await t.load(`${t.servedFrom}${fileId}.webp`),
      await t.load(`${t.servedFrom}${copy}.webp`),
    ];
    expect(shared.bytes.equals(original.bytes)).toBe(true);
    await t.app.pictureFiles.remove([fileId]);
    expect(await t.app.pictureFiles.exists(copy)).toBe(true);
  });
});
