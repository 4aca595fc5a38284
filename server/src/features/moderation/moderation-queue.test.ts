import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { registerModerator, reportTarget } from "../../test-support/moderation.js";
import { isAckOf, listen, openSocket, textFrame } from "../../test-support/sockets.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
let base: string;
let moderator: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  moderator = await registerModerator(t.app, t.dataDir);
});
afterAll(() => t.close());

const newUser = () => registerUser(t.app, t.dataDir);
const admin = (url: string) => call(t.app, "GET", url, { token: moderator.token });

/** Messages from `from` to `to` in order; answers their ids. */
async function messages(from: RegisteredUser, to: RegisteredUser, contents: string[]): Promise<string[]> {
  const chat = await call(t.app, "POST", "/api/mychatlist/create", { token: from.token, body: { peerId: to.id } });
  const socket = await openSocket(base, from.token);
  const ids: string[] = [];
  for (const content of contents) {
    socket.send(textFrame(chat.data.chatId, content));
    ids.push((await socket.next(isAckOf(content))).message.id);
  }
  await socket.close();
  return ids;
}

describe("the report queue", () => {
  it("lets moderators in only: 401 signed out, 403 for a plain user", async () => {
    const plain = await newUser();
    expect(await call(t.app, "GET", "/api/admin/reports")).toMatchObject({ status: 401 });
    expect(await call(t.app, "GET", "/api/admin/reports", { token: plain.token })).toMatchObject({
      status: 403,
      msg: "只有管理员可以使用管理后台",
    });
    const info = await call(t.app, "GET", "/api/user/getinfo", { token: moderator.token });
    expect(info.data.role).toBe("moderator");
  });

  it("groups open reports by target, newest or most reported first, with what each is", async () => {
    const [seller, a, b, c] = [await newUser(), await newUser(), await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token, { title: "被多人举报的手机" });
    for (const reporter of [a, b, c]) await reportTarget(t.app, reporter, "goods", goods.id, "fraud");
    await reportTarget(t.app, a, "user", seller.id, "spam");

    const newest = await admin("/api/admin/reports?sort=newest&pageSize=2");
    expect(newest.data.list[0]).toMatchObject({
      targetType: "user",
      targetId: seller.id,
      reportCount: 1,
      summary: expect.any(String),
    });
    const most = await admin("/api/admin/reports?sort=most&pageSize=1");
    expect(most.data).toMatchObject({ total: newest.data.total, pageSize: 1 });
    expect(most.data.list[0]).toMatchObject({
      targetType: "goods",
      targetId: goods.id,
      reportCount: 3,
      reasons: ["fraud"],
      summary: "被多人举报的手机",
      targetUser: { id: seller.id },
    });
    expect((await admin("/api/admin/reports?sort=oldest")).status).toBe(400);
  });

  it("shows a report's context: the goods, a comment with its goods, the messages around a message", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token, { title: "有瑕疵的相机" });
    const comment = await call(t.app, "POST", "/api/goodscomment", {
      token: buyer.token,
      body: { goodsId: goods.id, content: "骗子别买" },
    });
    await reportTarget(t.app, seller, "comment", comment.data.id, "harassment");
    const commentContext = await admin(`/api/admin/targets/comment/${comment.data.id}`);
    expect(commentContext.data).toMatchObject({
      gone: false,
      comment: { content: "骗子别买" },
      goods: { id: goods.id, title: "有瑕疵的相机" },
      targetUser: { id: buyer.id, suspendedUntil: null },
      openReports: [{ reason: "harassment", reporter: { id: seller.id } }],
      actions: ["remove_comment", "warn", "suspend", "dismiss"],
    });

    const sent = await messages(seller, buyer, ["一", "二", "三", "先转账再发货", "五", "六", "七", "八"]);
    await reportTarget(t.app, buyer, "message", sent[3] as string, "fraud");
    const chat = await admin(`/api/admin/targets/message/${sent[3]}`);
    expect(chat.data.messages.map((m: { content: string }) => m.content)).toEqual([
      "一",
      "二",
      "三",
      "先转账再发货",
      "五",
      "六",
      "七",
    ]);
    expect(chat.data.messages.filter((m: { reported: boolean }) => m.reported)).toHaveLength(1);

    await reportTarget(t.app, buyer, "goods", goods.id, "fraud");
    const goodsContext = await admin(`/api/admin/targets/goods/${goods.id}`);
    expect(goodsContext.data).toMatchObject({ goods: { title: "有瑕疵的相机", pictures: [] } });
    expect(goodsContext.data.actions).toEqual(["hide_goods", "warn", "suspend", "dismiss"]);
  });
});
