import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceDeps } from "../../services.js";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { sendDigests } from "./email-digest.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The digests in the outbox to an address (not its sign-up code), oldest first, as their recipient reads them. */
async function digestsTo(email: string): Promise<string[]> {
  const folder = path.join(t.dataDir, "outbox");
  const names = (await fs.readdir(folder).catch(() => [])).filter((name) =>
    name.endsWith(`-${email.toLowerCase()}.eml`),
  );
  const mails = await Promise.all(names.sort().map((name) => fs.readFile(path.join(folder, name), "utf8")));
  return mails.filter((mail) => mail.includes("未读通知"));
}

const setDigest = (user: RegisteredUser, emailDigest: boolean) =>
  call(t.app, "PUT", "/api/notifications/settings", { token: user.token, body: { mutedGroups: [], emailDigest } });

describe("the daily e-mail digest", () => {
  it("mails each user who asked for it their unread notifications once a day, and nobody else", async () => {
    const [seller, quiet, buyer] = [
      await registerUser(t.app, t.dataDir),
      await registerUser(t.app, t.dataDir),
      await registerUser(t.app, t.dataDir),
    ];
    await setDigest(seller, true);
    await setDigest(quiet, false);
    for (const owner of [seller, quiet]) {
      const goods = await postGoods(t.app, owner.token, { title: "九成新吉他" });
      await call(t.app, "POST", "/api/goodscomment", {
        token: buyer.token,
        body: { goodsId: goods.id, content: "琴包送吗" },
      });
    }

    await sendDigests(serviceDeps(t.app));
    const [digest, ...others] = await digestsTo(seller.email);
    expect(others).toEqual([]);
    expect(digest).toContain("你有 1 条未读通知");
    expect(digest).toContain(`评论了你的闲置「九成新吉他」：琴包送吗`);
    expect(await digestsTo(quiet.email)).toEqual([]);

    // A second round the same day sends nothing more, even with something new unread.
    const goods = await postGoods(t.app, seller.token);
    await call(t.app, "POST", "/api/fav", { token: buyer.token, body: { goodsId: goods.id } });
    await sendDigests(serviceDeps(t.app));
    expect(await digestsTo(seller.email)).toHaveLength(1);
  });

  it("mails nothing to a user with nothing unread", async () => {
    const user = await registerUser(t.app, t.dataDir);
    await setDigest(user, true);
    await sendDigests(serviceDeps(t.app));
    expect(await digestsTo(user.email)).toEqual([]);
  });
});
