import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

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
});
