import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { countRows } from "../../test-support/route-table.js";
import { isAckOf, isType, listen, openSocket, textFrame } from "../../test-support/sockets.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(() => t.close());

const newUser = () => registerUser(t.app, t.dataDir);
const block = (user: RegisteredUser, other: RegisteredUser) =>
  call(t.app, "POST", "/api/blocks", { token: user.token, body: { userId: other.id } });
const unblock = (user: RegisteredUser, other: RegisteredUser) =>
  call(t.app, "DELETE", `/api/blocks/${other.id}`, { token: user.token });
const openChat = (user: RegisteredUser, other: RegisteredUser) =>
  call(t.app, "POST", "/api/mychatlist/create", { token: user.token, body: { peerId: other.id } });

/** What the socket answers to a text message: "ack", or the error's message. */
async function sendText(user: RegisteredUser, chatId: string, content: string): Promise<string> {
  const socket = await openSocket(base, user.token);
  socket.send(textFrame(chatId, content));
  const answer = await socket.next((frame) => isAckOf(content)(frame) || isType("error")(frame));
  await socket.close();
  return answer.type === "ack" ? "ack" : (answer as { msg: string }).msg;
}

describe("blocking a user", () => {
  it("stops messages both ways and comments on the blocker's goods, until unblocked", async () => {
    const [me, pest] = [await newUser(), await newUser()];
    const chat = await openChat(pest, me);
    expect(await sendText(pest, chat.data.chatId, "在吗")).toBe("ack");
    const goods = await postGoods(t.app, me.token);

    const blocked = await block(me, pest);
    expect(blocked).toMatchObject({ code: 200, msg: "已拉黑" });
    expect(blocked.data.map((line: { user: { id: string } }) => line.user.id)).toEqual([pest.id]);

    expect(await sendText(pest, chat.data.chatId, "为什么不回")).toBe("对方已拒绝与你互动");
    expect(await sendText(me, chat.data.chatId, "别烦我")).toBe("你已拉黑对方，解除拉黑后才能继续");
    expect(await openChat(pest, me)).toMatchObject({ code: 1707 });
    const comment = await call(t.app, "POST", "/api/goodscomment", {
      token: pest.token,
      body: { goodsId: goods.id, content: "便宜点" },
    });
    expect(comment).toMatchObject({ code: 1707, msg: "对方已拒绝与你互动" });

    expect((await unblock(me, pest)).data).toEqual([]);
    expect(await sendText(pest, chat.data.chatId, "解除了吗")).toBe("ack");
  });

  it("ends the follows between the two, both ways, and refuses a new one either way while it lasts", async () => {
    const [me, pest] = [await newUser(), await newUser()];
    const follow = (user: RegisteredUser, other: RegisteredUser) =>
      call(t.app, "POST", "/api/follows", { token: user.token, body: { userId: other.id } });
    const follows = async (user: RegisteredUser, other: RegisteredUser) =>
      (await call(t.app, "GET", `/api/follows/${other.id}`, { token: user.token })).data.following;
    expect((await follow(me, pest)).code).toBe(200);
    expect((await follow(pest, me)).code).toBe(200);

    await block(me, pest);
    expect(await follows(me, pest)).toBe(false);
    expect(await follows(pest, me)).toBe(false);
    expect(await follow(me, pest)).toMatchObject({ code: 1706 });
    expect(await follow(pest, me)).toMatchObject({ code: 1707 });

    await unblock(me, pest);
    expect((await follow(pest, me)).code).toBe(200);
  });

  it("refuses blocking oneself, twice, an unknown user, and unblocking whom one has not blocked, writing nothing", async () => {
    const [me, other] = [await newUser(), await newUser()];
    await block(me, other);
    const before = await countRows(t.app.db, t.database);
    expect(await block(me, me)).toMatchObject({ code: 1703, msg: "不能拉黑自己" });
    expect(await block(me, other)).toMatchObject({ code: 1704 });
    expect(await unblock(other, me)).toMatchObject({ code: 1705 });
    const nobody = await call(t.app, "POST", "/api/blocks", { token: me.token, body: { userId: "99999999" } });
    expect(nobody).toMatchObject({ status: 404, msg: "用户不存在" });
    expect(await countRows(t.app.db, t.database)).toEqual(before);
  });
});
