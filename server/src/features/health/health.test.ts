import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../test-support/accounts.js";
import { call, createTestApp, type TestApp, testDatabase } from "../../test-support/test-app.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("health for a load balancer", () => {
  it("answers live with an envelope", async () => {
    expect(await call(t.app, "GET", "/api/health/live")).toEqual({ status: 200, code: 200, msg: "成功", data: null });
  });

  it("is ready when the database answers, with Redis disabled when REDIS_URL is unset", async () => {
    expect(await call(t.app, "GET", "/api/health/ready")).toEqual({
      status: 200,
      code: 200,
      msg: "成功",
      data: { database: "ok", redis: "disabled", disk: "ok" },
    });
  });

  it("answers 503 SERVICE_UNAVAILABLE once the database is gone, and still live", async () => {
    const own = await createTestApp();
    await own.app.db.destroy();
    try {
      expect(await call(own.app, "GET", "/api/health/ready")).toEqual({
        status: 503,
        code: 503,
        msg: "服务暂时不可用，请稍后再试",
        data: null,
      });
      expect(await call(own.app, "GET", "/api/health/live")).toMatchObject({ status: 200 });
    } finally {
      await own.close();
    }
  });

  it("is not live while the database answers no query, and every request that needs it answers 503 in time meanwhile", async () => {
    // One connection on either database, held by a transaction that does not end: what a bug
    // that waits inside a transaction does to the whole server.
    const own = await createTestApp({
      DATABASE_CONNECT_TIMEOUT_MS: "300",
      DATABASE_POOL_MAX: "1",
      RESPONSE_CACHE_MS: "0",
    });
    const user = await registerUser(own.app, own.dataDir);
    let release = () => {};
    const held = own.app.db.transaction().execute(
      (tx) =>
        new Promise<void>((resolve) => {
          release = resolve;
          void tx;
        }),
    );
    const signIn = () =>
      call(own.app, "POST", "/api/user/login/username", { body: { username: user.username, password: user.password } });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      const [signedIn, list, live] = await Promise.all([
        signIn(),
        call(own.app, "GET", "/api/goods/getlist"),
        call(own.app, "GET", "/api/health/live"),
      ]);
      expect(signedIn).toEqual({ status: 503, code: 503, msg: "服务暂时不可用，请稍后再试", data: null });
      expect(live).toMatchObject({ status: 503, code: 503 });
      // SQLite reads on its reader threads, beside the held connection; PostgreSQL's one
      // connection is the transaction's.
      expect(list).toMatchObject(testDatabase() === "sqlite" ? { status: 200, code: 200 } : { status: 503, code: 503 });
      expect(Date.now() - started).toBeLessThan(5_000);

      release();
      await held;
      expect(await call(own.app, "GET", "/api/health/live")).toMatchObject({ status: 200 });
      expect(await signIn()).toMatchObject({ status: 200, code: 200 });
    } finally {
      release();
      await own.close();
    }
  });
});
