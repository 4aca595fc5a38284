import type { DataExport, Envelope } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods, upload } from "../../test-support/goods.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { completedDeal } from "../../test-support/trade.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = () => registerUser(t.app, t.dataDir);

async function download(user: RegisteredUser) {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/user/export",
    headers: { authorization: `Bearer ${user.token}` },
  });
  return { response, file: response.json() as Envelope<DataExport> };
}

/** Many messages, written straight to the table: what matters here is reading them back in pages. */
async function fillChat(chatId: number, senderId: number, peerId: number, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, index) => ({
    chatId,
    senderId: index % 2 === 0 ? senderId : peerId,
    type: "text",
    content: `消息 ${index}`,
    clientMsgId: `fill-${chatId}-${index}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
  }));
  for (let start = 0; start < rows.length; start += 200) {
    await t.app.db
      .insertInto("messages")
      .values(rows.slice(start, start + 200))
      .execute();
  }
}

describe("downloading one's data", () => {
  it("gives one JSON file with the profile, goods, comments, chats, favourites and trades", async () => {
    const [me, other] = [await newUser(), await newUser()];
    const picture = (await upload(t.app, me.token)).data;
    const mine = await postGoods(t.app, me.token, { title: "导出测试的台灯", fileIds: [picture.fileId] });
    const theirs = await postGoods(t.app, other.token, { title: "别人的书桌" });
    await call(t.app, "POST", "/api/goodscomment", {
      token: me.token,
      body: { goodsId: theirs.id, content: "能便宜吗" },
    });
    await call(t.app, "POST", "/api/fav", { token: me.token, body: { goodsId: theirs.id } });
    const chat = await call(t.app, "POST", "/api/mychatlist/create", { token: me.token, body: { peerId: other.id } });
    await fillChat(Number(chat.data.chatId), Number(me.id), Number(other.id), 1203);
    const deal = await completedDeal(t.app, other, me);
    await call(t.app, "POST", "/api/saved-searches", { token: me.token, body: { keyword: "台灯" } });

    const { response, file } = await download(me);
    expect(response.statusCode).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="xianzhi-data-${day}.json"`);
    expect(file).toMatchObject({ code: 200 });
    const data = file.data;
    expect(data.profile).toMatchObject({ id: me.id, username: me.username, email: me.email });
    expect(data.profile).not.toHaveProperty("passwordHash");
    expect(data.goods).toEqual([
      expect.objectContaining({
        id: mine.id,
        title: "导出测试的台灯",
        pictures: [{ url: picture.url, thumbUrl: picture.thumbUrl }],
      }),
    ]);
    expect(data.comments).toEqual([
      expect.objectContaining({ goodsId: theirs.id, goodsTitle: "别人的书桌", content: "能便宜吗" }),
    ]);
    expect(data.favorites).toEqual([expect.objectContaining({ goodsId: theirs.id, title: "别人的书桌" })]);
    const plainChat = data.chats.find((line) => line.chatId === chat.data.chatId);
    expect(plainChat?.peer).toEqual({ id: other.id, nickname: other.username });
    expect(plainChat?.messages).toHaveLength(1203);
    expect(plainChat?.messages[0]).toMatchObject({ fromMe: true, type: "text", content: "消息 0" });
    expect(plainChat?.messages[1202]).toMatchObject({ fromMe: true, content: "消息 1202" });
    expect(new Set(plainChat?.messages.map((message) => message.id)).size).toBe(1203);
    expect(data.offers).toEqual([expect.objectContaining({ role: "buyer", fromMe: true, status: "accepted" })]);
    expect(data.deals).toEqual([expect.objectContaining({ id: deal.dealId, role: "buyer", status: "completed" })]);
    expect(data.savedSearches).toEqual([
      expect.objectContaining({ criteria: expect.objectContaining({ keyword: "台灯" }) }),
    ]);
    expect(data.follows).toEqual([]);
    expect(data.reviews).toEqual([]);
  });

  it("gives another user's download none of mine", async () => {
    const [me, other] = [await newUser(), await newUser()];
    await postGoods(t.app, me.token, { title: "只属于我的相机" });
    const { file } = await download(other);
    expect(file.data.profile.id).toBe(other.id);
    expect(JSON.stringify(file.data)).not.toContain("只属于我的相机");
  });

  it("is limited to a few downloads an hour", async () => {
    const limited = await createTestApp({ RATE_LIMIT_MULTIPLIER: "1" });
    try {
      const user = await registerUser(limited.app, limited.dataDir);
      const statuses: number[] = [];
      for (let index = 0; index < 6; index += 1) {
        const reply = await limited.app.inject({
          method: "GET",
          url: "/api/user/export",
          headers: { authorization: `Bearer ${user.token}` },
        });
        statuses.push(reply.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
