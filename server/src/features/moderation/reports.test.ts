import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { countRows } from "../../test-support/route-table.js";
import { isAckOf, listen, openSocket, textFrame } from "../../test-support/sockets.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(() => t.close());

const newUser = () => registerUser(t.app, t.dataDir);
const report = (user: RegisteredUser, body: Record<string, unknown>) =>
  call(t.app, "POST", "/api/reports", { token: user.token, body: { reason: "fraud", ...body } });

/** A chat message from `from` to `to`; answers its id. */
async function messageBetween(from: RegisteredUser, to: RegisteredUser, content: string): Promise<string> {
  const chat = await call(t.app, "POST", "/api/mychatlist/create", { token: from.token, body: { peerId: to.id } });
  const socket = await openSocket(base, from.token);
  socket.send(textFrame(chat.data.chatId, content));
  const ack = await socket.next(isAckOf(content));
  await socket.close();
  return ack.message.id;
}

describe("reports", () => {
  it("queues a report of goods, a user, a comment and a received message", async () => {
    const [reporter, scammer] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, scammer.token, { title: "全新 iPhone 16 只要 999" });
    const comment = await call(t.app, "POST", "/api/goodscomment", {
      token: scammer.token,
      body: { goodsId: goods.id, content: "加我微信便宜卖" },
    });
    const message = await messageBetween(scammer, reporter, "先付定金 500 再发货");
    for (const [targetType, targetId] of [
      ["goods", goods.id],
      ["user", scammer.id],
      ["comment", comment.data.id],
      ["message", message],
    ]) {
      const answer = await report(reporter, { targetType, targetId, text: "要求站外付款" });
      expect(answer).toMatchObject({
        code: 200,
        msg: "举报已提交，我们会尽快处理",
        data: { targetType, targetId, reason: "fraud", text: "要求站外付款", status: "open" },
      });
    }
  });

  it("refuses oneself, one's own content, a second open report, unseen messages and bad input, writing nothing", async () => {
    const [reporter, seller, stranger] = [await newUser(), await newUser(), await newUser()];
    const mine = await postGoods(t.app, reporter.token);
    const theirs = await postGoods(t.app, seller.token);
    const privateMessage = await messageBetween(seller, stranger, "只给你看的消息");
    const sentByMe = await messageBetween(reporter, seller, "我发的消息");
    await report(reporter, { targetType: "goods", targetId: theirs.id });
    const before = await countRows(t.app.db, t.database);

    expect(await report(reporter, { targetType: "user", targetId: reporter.id })).toMatchObject({ code: 1701 });
    expect(await report(reporter, { targetType: "goods", targetId: mine.id })).toMatchObject({ code: 1701 });
    expect(await report(reporter, { targetType: "message", targetId: sentByMe })).toMatchObject({ code: 1701 });
    expect(await report(reporter, { targetType: "goods", targetId: theirs.id })).toMatchObject({
      code: 1702,
      msg: "你已经举报过，我们正在处理",
    });
    for (const [targetType, targetId] of [
      ["message", privateMessage],
      ["goods", "99999999"],
      ["comment", "99999999"],
    ]) {
      expect(await report(reporter, { targetType, targetId })).toMatchObject({ status: 404, msg: "举报的内容不存在" });
    }
    for (const bad of [
      { targetType: "goods", targetId: theirs.id, reason: "other" },
      { targetType: "goods", targetId: theirs.id, reason: "ugly" },
      { targetType: "shop", targetId: theirs.id },
      { targetType: "goods", targetId: theirs.id, text: "长".repeat(501) },
    ]) {
      expect((await report(reporter, bad)).status, JSON.stringify(bad).slice(0, 60)).toBe(400);
    }
    expect(await countRows(t.app.db, t.database)).toEqual(before);
  });

  it("keeps one open report when the same is sent twice at the same moment", async () => {
    const [reporter, seller] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token);
    const answers = await Promise.all([1, 2].map(() => report(reporter, { targetType: "goods", targetId: goods.id })));
    expect(answers.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 1702]);
  });
});
