import SqliteDatabase from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { registerUser } from "../test-support/accounts.js";
import { goodsFields } from "../test-support/goods.js";
import { call, createTestApp, type TestApp } from "../test-support/test-app.js";

// SQLite's own lock: runs in the SQLite project only (vitest.config.ts).
describe("a locked SQLite file", () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("answers the 503 envelope while another process holds the write lock, then writes again", async () => {
    t = await createTestApp();
    const user = await registerUser(t.app, t.dataDir);
    const other = new SqliteDatabase(t.database.sqliteFile as string);
    try {
      other.exec("BEGIN IMMEDIATE");
      const locked = await call(t.app, "POST", "/api/goods", { token: user.token, body: goodsFields });
      expect(locked).toEqual({ status: 503, code: 503, msg: "服务暂时不可用，请稍后再试", data: null });
      other.exec("ROLLBACK");
    } finally {
      other.close();
    }
    const after = await call(t.app, "POST", "/api/goods", { token: user.token, body: goodsFields });
    expect(after.code).toBe(200);
  });
});
