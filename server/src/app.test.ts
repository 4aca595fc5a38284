import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "./test-support/accounts.js";
import { postGoods } from "./test-support/goods.js";
import { call, createTestApp, type TestApp } from "./test-support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the API frame", () => {
  it("answers an unknown /api path with the 404 envelope", async () => {
    const reply = await call(t.app, "GET", "/api/no/such/thing");
    expect(reply).toMatchObject({ status: 404, code: 404, msg: "接口不存在", data: null });
  });

  it("answers a body that is not JSON with a 400 envelope", async () => {
    const reply = await call(t.app, "POST", "/api/user/login/username", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(reply).toMatchObject({ status: 400, code: 400, msg: "请求体不是合法的 JSON" });
  });

  it("answers an unsupported content type with 415", async () => {
    const reply = await call(t.app, "POST", "/api/user/login/username", {
      body: "username=a",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(reply).toMatchObject({ status: 415, code: 415 });
  });

  it("answers an over-large body with 413", async () => {
    const reply = await call(t.app, "POST", "/api/user/login/username", {
      body: { username: "a", password: "x".repeat(2 * 1024 * 1024) },
    });
    expect(reply).toMatchObject({ status: 413, code: 413, msg: "请求体或文件过大" });
  });

  it("answers plain text 404 for a page when no web app is built", async () => {
    const response = await t.app.inject({ method: "GET", url: "/some/page" });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe("404 Not Found");
  });
});

describe("security headers", () => {
  it.each(["/api/goods/getlist", "/api/no/such/thing"])("come with every answer, e.g. %s", async (url) => {
    const response = await t.app.inject({ method: "GET", url });
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("unsafe-eval");
    // Pictures from here only (a bucket's origin is added when there is one: s3-store.test.ts).
    expect(policy).toContain("img-src 'self' data: blob:;");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });
});

describe("compression", () => {
  it("compresses API answers for clients that accept it, and only for them", async () => {
    const compressed = await t.app.inject({
      method: "GET",
      url: "/api/com/captcha",
      headers: { "accept-encoding": "gzip" },
    });
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    const envelope = JSON.parse(zlib.gunzipSync(compressed.rawPayload).toString());
    expect(envelope).toMatchObject({ code: 200 });

    const plain = await t.app.inject({ method: "GET", url: "/api/com/captcha" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toMatchObject({ code: 200 });
  });

  it("compresses a goods' details from 1 kB, each answer with its own view count", async () => {
    const seller = await registerUser(t.app, t.dataDir);
    const long = await postGoods(t.app, seller.token, { description: "成色很好，".repeat(80) });
    const short = await postGoods(t.app, seller.token);
    const detail = (id: string, encoding?: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/goods/info/${id}`,
        headers: encoding ? { "accept-encoding": encoding } : {},
      });

    const first = await detail(long.id, "gzip, deflate, br");
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers.vary).toBe("accept-encoding");
    const seen = JSON.parse(zlib.brotliDecompressSync(first.rawPayload).toString());
    expect(seen.data).toMatchObject({ id: long.id, description: "成色很好，".repeat(80), viewCount: 1 });
    const second = await detail(long.id, "gzip");
    expect(JSON.parse(zlib.gunzipSync(second.rawPayload).toString()).data.viewCount).toBe(2);
    const plain = await detail(long.id);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json().data.viewCount).toBe(3);

    const small = await detail(short.id, "br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json().data).toMatchObject({ id: short.id, viewCount: 1 });
  });
});
