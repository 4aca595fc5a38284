import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
let seller: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, t.dataDir);
  buyer = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const comment = (token: string, body: Record<string, unknown>) =>
  call(t.app, "POST", "/api/goodscomment/", { token, body });

describe("comments", () => {
  it("adds comments and replies, listed newest first with who was replied to", async () => {
    const goods = await postGoods(t.app, seller.token);
    const question = await comment(buyer.token, { goodsId: goods.id, content: "  还能便宜点吗？  " });
    expect(question).toMatchObject({
      code: 200,
      msg: "评论成功",
      data: {
        goodsId: goods.id,
        content: "还能便宜点吗？",
        replyToId: null,
        replyToUser: null,
        user: { id: buyer.id, username: buyer.username },
      },
    });
    const answer = await comment(seller.token, { goodsId: goods.id, content: "最低 450", replyToId: question.data.id });
    expect(answer.data).toMatchObject({
      replyToId: question.data.id,
      replyToUser: { id: buyer.id },
      user: { id: seller.id },
    });

    const list = await call(t.app, "GET", `/api/goodscomment/getlist/${goods.id}`);
    expect(list.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(list.data.list.map((item: { id: string }) => item.id)).toEqual([answer.data.id, question.data.id]);
    expect((await call(t.app, "GET", `/api/goods/info/${goods.id}`)).data.commentCount).toBe(2);
  });

  it("pages comments", async () => {
    const goods = await postGoods(t.app, seller.token);
    for (let i = 1; i <= 5; i++) await comment(buyer.token, { goodsId: goods.id, content: `第 ${i} 条` });
    const page2 = await call(t.app, "GET", `/api/goodscomment/getlist/${goods.id}?page=2&pageSize=2`);
    expect(page2.data).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.data.list.map((item: { content: string }) => item.content)).toEqual(["第 3 条", "第 2 条"]);
  });

  it("keeps the count right under simultaneous comments", async () => {
    const goods = await postGoods(t.app, seller.token);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        comment(i % 2 ? buyer.token : seller.token, { goodsId: goods.id, content: `#${i}` }),
      ),
    );
    expect((await call(t.app, "GET", `/api/goods/info/${goods.id}`)).data.commentCount).toBe(12);
    expect((await call(t.app, "GET", `/api/goodscomment/getlist/${goods.id}?pageSize=100`)).data.list).toHaveLength(12);
  });

  it("refuses bad input, replies to another goods' comment and unknown goods, writing nothing", async () => {
    const goods = await postGoods(t.app, seller.token);
    const elsewhere = await postGoods(t.app, seller.token);
    const foreign = await comment(buyer.token, { goodsId: elsewhere.id, content: "别处的评论" });
    const cases: [Record<string, unknown>, object][] = [
      [
        { goodsId: goods.id, content: "" },
        { status: 400, msg: "内容不能为空" },
      ],
      [
        { goodsId: goods.id, content: "   " },
        { status: 400, msg: "内容不能为空" },
      ],
      [
        { goodsId: goods.id, content: "字".repeat(501) },
        { status: 400, msg: "内容最多 500 个字符" },
      ],
      [{ goodsId: goods.id }, { status: 400, msg: "内容不能为空" }],
      [
        { goodsId: "abc", content: "hi" },
        { status: 400, msg: "商品编号格式不正确" },
      ],
      [
        { goodsId: goods.id, content: "hi", replyToId: foreign.data.id },
        { status: 404, msg: "回复的评论不存在" },
      ],
      [{ goodsId: goods.id, content: "hi", replyToId: "999999" }, { status: 404 }],
      [
        { goodsId: "999999", content: "hi" },
        { status: 404, msg: "闲置不存在或已删除" },
      ],
    ];
    for (const [body, expected] of cases)
      expect(await comment(buyer.token, body), JSON.stringify(body)).toMatchObject(expected);
    expect(
      await call(t.app, "POST", "/api/goodscomment", { body: { goodsId: goods.id, content: "hi" } }),
    ).toMatchObject({
      status: 401,
    });
    const list = await call(t.app, "GET", `/api/goodscomment/getlist/${goods.id}`);
    expect(list.data).toMatchObject({ total: 0, list: [] });
  });

  it("answers comments of unknown goods with 404 and bad paging with 400", async () => {
    expect(await call(t.app, "GET", "/api/goodscomment/getlist/999999")).toMatchObject({ status: 404 });
    const goods = await postGoods(t.app, seller.token);
    expect(await call(t.app, "GET", `/api/goodscomment/getlist/${goods.id}?pageSize=1000`)).toMatchObject({
      status: 400,
    });
  });
});
