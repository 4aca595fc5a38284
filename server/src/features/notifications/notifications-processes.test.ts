import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../test-support/accounts.js";
import { useListeningPair } from "../../test-support/app-pair.js";
import { postGoods } from "../../test-support/goods.js";
import { isType, openSocket } from "../../test-support/sockets.js";
import { call } from "../../test-support/test-app.js";

const running = useListeningPair(beforeAll, afterAll);

describe("notifications across two server processes over Redis", () => {
  it("reaches the user's sockets on both processes, each once, when caused on one of them", async () => {
    const { app, dataDir } = running.pair.a;
    const [seller, buyer] = [await registerUser(app, dataDir), await registerUser(app, dataDir)];
    const goods = await postGoods(app, seller.token);
    const [onA, onB] = [
      await openSocket(running.bases[0], seller.token),
      await openSocket(running.bases[1], seller.token),
    ];

    const comment = { goodsId: goods.id, content: "跨进程的评论" };
    expect((await call(running.pair.b, "POST", "/api/goodscomment", { token: buyer.token, body: comment })).code).toBe(
      200,
    );
    for (const socket of [onA, onB]) {
      const frame = await socket.next(isType("notification"));
      expect(frame).toMatchObject({ unreadCount: 1, notification: { kind: "comment", excerpt: "跨进程的评论" } });
    }
    // A second comment's frame arrives after any copy of the first would have.
    await call(running.pair.b, "POST", "/api/goodscomment", {
      token: buyer.token,
      body: { ...comment, content: "第二条" },
    });
    for (const socket of [onA, onB]) {
      await socket.next((frame) => frame.type === "notification" && frame.notification.excerpt === "第二条");
      expect(socket.frames.filter((frame) => frame.type === "notification")).toHaveLength(2);
    }
    await Promise.all([onA.close(), onB.close()]);
  });
});
