import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { goodsFields, postGoods, uploadFileId } from "../../test-support/goods.js";
import { createPictureTestApp, PICTURE_STORES, type PictureTestApp } from "../../test-support/picture-stores.js";
import { call } from "../../test-support/test-app.js";

describe.each(PICTURE_STORES)("goods, pictures in the %s store", (kind) => {
  let t: PictureTestApp;
  let seller: RegisteredUser;
  let other: RegisteredUser;
  const goodsCount = async () => (await t.app.db.selectFrom("goods").select("id").execute()).length;
  const fileExists = async (name: string) => (await t.leftFiles()).includes(name);
  const webUrl = (fileId: string) => `${t.servedFrom}${fileId}.webp`;

  beforeAll(async () => {
    t = await createPictureTestApp(kind);
    seller = await registerUser(t.app, t.dataDir);
    other = await registerUser(t.app, t.dataDir);
  });
  afterAll(() => t.close());

  describe("posting goods", () => {
    it("creates goods with pictures in order; the first is the cover", async () => {
      const first = await uploadFileId(t.app, seller.token);
      const second = await uploadFileId(t.app, seller.token);
      const reply = await call(t.app, "POST", "/api/goods/", {
        token: seller.token,
        body: { ...goodsFields, originalPriceCents: 120000, fileIds: [second, first] },
      });
      expect(reply).toMatchObject({ code: 200, msg: "发布成功" });
      expect(reply.data).toMatchObject({
        id: expect.any(String),
        title: goodsFields.title,
        priceCents: 50000,
        originalPriceCents: 120000,
        category: "sports",
        condition: "good",
        location: "上海",
        status: "on_sale",
        seller: { id: seller.id, username: seller.username, nickname: seller.username, avatarUrl: null },
        viewCount: 0,
        favCount: 0,
        commentCount: 0,
      });
      expect(reply.data.pictures.map((picture: { url: string }) => picture.url)).toEqual([
        webUrl(second),
        webUrl(first),
      ]);
      expect(reply.data.coverUrl).toBe(`${t.servedFrom}${second}-thumb.webp`);
      expect(reply.data).not.toHaveProperty("seller.email");
    });

    it("counts each view of the detail", async () => {
      const goods = await postGoods(t.app, seller.token);
      await call(t.app, "GET", `/api/goods/info/${goods.id}`);
      const second = await call(t.app, "GET", `/api/goods/info/${goods.id}`);
      expect(second).toMatchObject({ code: 200, data: { id: goods.id, viewCount: 2 } });
    });

    it("rejects bad fields with a 400 naming the field, and writes nothing", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ priceCents: -1 }, "价格不能小于 0"],
        [{ priceCents: 12.5 }, "价格类型错误"],
        [{ priceCents: 100_000_000 }, "价格不能大于 99999999"],
        [{ priceCents: "100" }, "价格类型错误"],
        [{ originalPriceCents: -5 }, "原价不能小于 0"],
        [{ title: "" }, "标题至少 2 个字符"],
        [{ title: "   " }, "标题至少 2 个字符"],
        [{ title: "长".repeat(61) }, "标题最多 60 个字符"],
        [{ description: "x".repeat(2001) }, "描述最多 2000 个字符"],
        [{ category: "cars" }, "分类取值无效"],
        [{ condition: "broken" }, "成色取值无效"],
        [{ location: "地".repeat(31) }, "所在地最多 30 个字符"],
        [{ title: undefined }, "标题不能为空"],
        [{ status: "sold" }, "不支持的参数：status"],
        [{ fileIds: ["a", "a"] }, "图片不能重复"],
        [{ fileIds: Array.from({ length: 10 }, (_, i) => `f${i}`) }, "图片最多 9 项"],
      ];
      const before = await goodsCount();
      for (const [fields, msg] of cases) {
        const reply = await call(t.app, "POST", "/api/goods", {
          token: seller.token,
          body: { ...goodsFields, ...fields },
        });
        expect(reply, JSON.stringify(fields)).toMatchObject({ status: 400, code: 400, msg });
      }
      expect(await goodsCount()).toBe(before);
    });

    it("refuses someone else's, unknown and already used pictures, and writes nothing", async () => {
      const theirs = await uploadFileId(t.app, other.token);
      const used = await uploadFileId(t.app, seller.token);
      await postGoods(t.app, seller.token, { fileIds: [used] });
      const before = await goodsCount();
      const cases: [string[], object][] = [
        [[theirs], { status: 403, msg: "只能使用自己上传的图片" }],
        [["no-such-file"], { status: 404, msg: "图片不存在或已过期，请重新上传" }],
        [[used], { status: 200, code: 1201 }],
      ];
      for (const [fileIds, expected] of cases) {
        const reply = await call(t.app, "POST", "/api/goods", {
          token: seller.token,
          body: { ...goodsFields, fileIds },
        });
        expect(reply).toMatchObject(expected);
      }
      expect(await goodsCount()).toBe(before);
    });

    it("needs a signed-in user", async () => {
      expect(await call(t.app, "POST", "/api/goods", { body: goodsFields })).toMatchObject({ status: 401 });
    });

    it("answers unknown and malformed ids with 404 and 400", async () => {
      expect(await call(t.app, "GET", "/api/goods/info/999999")).toMatchObject({
        status: 404,
        msg: "闲置不存在或已删除",
      });
      expect(await call(t.app, "GET", "/api/goods/info/abc")).toMatchObject({ status: 400, msg: "编号格式不正确" });
      expect(await call(t.app, "GET", "/api/goods/info/0")).toMatchObject({ status: 400 });
    });
  });

  describe("adding pictures to goods", () => {
    it("adds after the last picture, once, and up to nine", async () => {
      const goods = await postGoods(t.app, seller.token);
      const fileId = await uploadFileId(t.app, seller.token);
      const added = await call(t.app, "POST", "/api/pic/add", {
        token: seller.token,
        body: { goodsId: goods.id, fileId },
      });
      expect(added).toMatchObject({ code: 200, data: { url: webUrl(fileId) } });
      const again = await call(t.app, "POST", "/api/pic/add", {
        token: seller.token,
        body: { goodsId: goods.id, fileId },
      });
      expect(again).toMatchObject({ code: 200 });
      for (let i = 0; i < 8; i++) {
        const next = await uploadFileId(t.app, seller.token);
        await call(t.app, "POST", "/api/pic/add", { token: seller.token, body: { goodsId: goods.id, fileId: next } });
      }
      const tenth = await uploadFileId(t.app, seller.token);
      const refused = await call(t.app, "POST", "/api/pic/add", {
        token: seller.token,
        body: { goodsId: goods.id, fileId: tenth },
      });
      expect(refused).toMatchObject({ code: 1202, msg: "每件闲置最多 9 张图片" });
      const detail = await call(t.app, "GET", `/api/goods/info/${goods.id}`);
      expect(detail.data.pictures).toHaveLength(9);
      expect(detail.data.pictures[0].url).toBe(webUrl(fileId));
    });

    it("refuses someone else's goods, unknown goods and bad input", async () => {
      const goods = await postGoods(t.app, seller.token);
      const mine = await uploadFileId(t.app, other.token);
      const theirs = await call(t.app, "POST", "/api/pic/add", {
        token: other.token,
        body: { goodsId: goods.id, fileId: mine },
      });
      expect(theirs).toMatchObject({ status: 403, msg: "只能管理自己发布的闲置" });
      const unknown = await call(t.app, "POST", "/api/pic/add", {
        token: other.token,
        body: { goodsId: "999999", fileId: mine },
      });
      expect(unknown).toMatchObject({ status: 404 });
      const bad = await call(t.app, "POST", "/api/pic/add", { token: other.token, body: { goodsId: goods.id } });
      expect(bad).toMatchObject({ status: 400, msg: "图片不能为空" });
      const detail = await call(t.app, "GET", `/api/goods/info/${goods.id}`);
      expect(detail.data.pictures).toEqual([]);
    });
  });

  describe("editing goods", () => {
    it("changes the fields given and replaces the pictures, deleting the dropped files", async () => {
      const keep = await uploadFileId(t.app, seller.token);
      const drop = await uploadFileId(t.app, seller.token);
      const goods = await postGoods(t.app, seller.token, { fileIds: [keep, drop] });
      const added = await uploadFileId(t.app, seller.token);
      const reply = await call(t.app, "PUT", `/api/goods/${goods.id}`, {
        token: seller.token,
        body: { title: "降价急出自行车", priceCents: 42000, originalPriceCents: null, fileIds: [added, keep] },
      });
      expect(reply).toMatchObject({
        code: 200,
        data: { title: "降价急出自行车", priceCents: 42000, originalPriceCents: null },
      });
      expect(reply.data.pictures.map((picture: { url: string }) => picture.url)).toEqual([webUrl(added), webUrl(keep)]);
      expect(await fileExists(`${drop}.webp`)).toBe(false);
      expect(await fileExists(`${drop}-thumb.webp`)).toBe(false);
      expect(await fileExists(`${keep}.webp`)).toBe(true);
    });

    it("refuses someone else's goods (403), unknown goods (404) and bad fields (400), changing nothing", async () => {
      const goods = await postGoods(t.app, seller.token);
      expect(
        await call(t.app, "PUT", `/api/goods/${goods.id}`, { token: other.token, body: { priceCents: 1 } }),
      ).toMatchObject({
        status: 403,
      });
      expect(
        await call(t.app, "PUT", "/api/goods/999999", { token: seller.token, body: { priceCents: 1 } }),
      ).toMatchObject({
        status: 404,
      });
      for (const body of [{}, { priceCents: -1 }, { title: "" }, { category: "cars" }, { sellerId: 1 }]) {
        const reply = await call(t.app, "PUT", `/api/goods/${goods.id}`, { token: seller.token, body });
        expect(reply, JSON.stringify(body)).toMatchObject({ status: 400 });
      }
      const detail = await call(t.app, "GET", `/api/goods/info/${goods.id}`);
      expect(detail.data).toMatchObject({ priceCents: goodsFields.priceCents, title: goodsFields.title });
    });
  });

  describe("marking goods reserved, sold and back on sale", () => {
    it("takes sold goods out of the public list and puts them back", async () => {
      const goods = await postGoods(t.app, seller.token, { category: "kids" });
      const inList = async () => {
        const list = await call(t.app, "GET", "/api/goods/getlist?category=kids&pageSize=100");
        return { total: list.data.total, listed: list.data.list.some((item: { id: string }) => item.id === goods.id) };
      };
      const start = await inList();
      expect(start.listed).toBe(true);

      const reserved = await call(t.app, "PUT", `/api/goods/${goods.id}/status`, {
        token: seller.token,
        body: { status: "reserved" },
      });
      expect(reserved).toMatchObject({ code: 200, data: { status: "reserved" } });
      expect(await inList()).toEqual(start);

      await call(t.app, "PUT", `/api/goods/${goods.id}/status`, { token: seller.token, body: { status: "sold" } });
      expect(await inList()).toEqual({ total: start.total - 1, listed: false });
      await call(t.app, "PUT", `/api/goods/${goods.id}/status`, { token: seller.token, body: { status: "sold" } });
      expect(await inList()).toEqual({ total: start.total - 1, listed: false });

      await call(t.app, "PUT", `/api/goods/${goods.id}/status`, { token: seller.token, body: { status: "on_sale" } });
      expect(await inList()).toEqual(start);
    });

    it("refuses another user, an unknown status and unknown goods", async () => {
      const goods = await postGoods(t.app, seller.token);
      const url = `/api/goods/${goods.id}/status`;
      expect(await call(t.app, "PUT", url, { token: other.token, body: { status: "sold" } })).toMatchObject({
        status: 403,
      });
      expect(await call(t.app, "PUT", url, { token: seller.token, body: { status: "gone" } })).toMatchObject({
        status: 400,
        msg: "状态取值无效",
      });
      expect(
        await call(t.app, "PUT", "/api/goods/999999/status", { token: seller.token, body: { status: "sold" } }),
      ).toMatchObject({
        status: 404,
      });
      expect((await call(t.app, "GET", `/api/goods/info/${goods.id}`)).data.status).toBe("on_sale");
    });
  });

  describe("deleting goods", () => {
    it("lets only the owner delete; pictures, files, favourites and comments go with it", async () => {
      const fileId = await uploadFileId(t.app, seller.token);
      const goods = await postGoods(t.app, seller.token, { fileIds: [fileId] });
      await call(t.app, "POST", "/api/fav", { token: other.token, body: { goodsId: goods.id } });
      await call(t.app, "POST", "/api/goodscomment", {
        token: other.token,
        body: { goodsId: goods.id, content: "还在吗" },
      });

      const refused = await call(t.app, "DELETE", `/api/goods/${goods.id}`, { token: other.token });
      expect(refused).toMatchObject({ status: 403, code: 403 });
      expect(await call(t.app, "GET", `/api/goods/info/${goods.id}`)).toMatchObject({ code: 200 });

      expect(await call(t.app, "DELETE", `/api/goods/${goods.id}`, { token: seller.token })).toMatchObject({
        code: 200,
      });
      expect(await call(t.app, "GET", `/api/goods/info/${goods.id}`)).toMatchObject({ status: 404 });
      expect(await fileExists(`${fileId}.webp`)).toBe(false);
      const db = t.app.db;
      expect(await db.selectFrom("pictures").selectAll().where("fileId", "=", fileId).execute()).toEqual([]);
      expect(await db.selectFrom("favorites").selectAll().where("goodsId", "=", Number(goods.id)).execute()).toEqual(
        [],
      );
      expect(await db.selectFrom("comments").selectAll().where("goodsId", "=", Number(goods.id)).execute()).toEqual([]);
      const favorites = await call(t.app, "GET", "/api/fav", { token: other.token });
      expect(favorites.data.list.some((item: { id: string }) => item.id === goods.id)).toBe(false);

      expect(await call(t.app, "DELETE", `/api/goods/${goods.id}`, { token: seller.token })).toMatchObject({
        status: 404,
      });
      const comment = await call(t.app, "POST", "/api/goodscomment", {
        token: other.token,
        body: { goodsId: goods.id, content: "?" },
      });
      expect(comment).toMatchObject({ status: 404 });
    });
  });

  describe("my goods", () => {
    it("lists the user's own goods, newest first, by status", async () => {
      const user = await registerUser(t.app, t.dataDir);
      const a = await postGoods(t.app, user.token, { title: "第一件" });
      const b = await postGoods(t.app, user.token, { title: "第二件" });
      await call(t.app, "PUT", `/api/goods/${a.id}/status`, { token: user.token, body: { status: "sold" } });
      const all = await call(t.app, "GET", "/api/goods/getmylist", { token: user.token });
      expect(all.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
      expect(all.data.list.map((item: { id: string }) => item.id)).toEqual([b.id, a.id]);
      const sold = await call(t.app, "GET", "/api/goods/getmylist?status=sold", { token: user.token });
      expect(sold.data).toMatchObject({ total: 1, list: [{ id: a.id, status: "sold" }] });
      expect(await call(t.app, "GET", "/api/goods/getmylist?status=lost", { token: user.token })).toMatchObject({
        status: 400,
      });
      expect(await call(t.app, "GET", "/api/goods/getmylist")).toMatchObject({ status: 401 });
    });
  });
});
