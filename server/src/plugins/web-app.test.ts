import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../test-support/test-app.js";

let t: TestApp;
let webDist: string;
const appScript = `console.log(${JSON.stringify("闲置".repeat(2000))})`;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-web-"));
  await fs.mkdir(path.join(webDist, "assets"));
  await fs.writeFile(path.join(webDist, "index.html"), "<!doctype html><title>闲置</title><div id=root></div>");
  await fs.writeFile(path.join(webDist, "assets", "index-abc123.js"), appScript);
  await fs.writeFile(path.join(webDist, "assets", "index-abc123.js.br"), zlib.brotliCompressSync(appScript));
  await fs.writeFile(path.join(webDist, "assets", "index-abc123.js.gz"), zlib.gzipSync(appScript));
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe("serving the web app", () => {
  it.each(["/", "/home", "/chat", "/goodsinfo/12", "/search_result?keyword=手机", "/no/such/page"])(
    "answers the client route %s with index.html, never cached",
    async (url) => {
      const response = await t.app.inject({ method: "GET", url: encodeURI(url) });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toContain("<div id=root>");
    },
  );

  it("serves hashed assets with a year-long immutable cache", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("keeps unknown API paths as the 404 envelope, not the app", async () => {
    expect(await call(t.app, "GET", "/api/goods/nothing-here")).toMatchObject({
      status: 404,
      code: 404,
      msg: "接口不存在",
    });
    expect(await call(t.app, "POST", "/api/unknown")).toMatchObject({ status: 404, code: 404 });
  });

  it("answers /metrics, off without METRICS_TOKEN, with a plain 404 rather than the app", async () => {
    const response = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("<div id=root>");
  });

  it.each([
    ["br", zlib.brotliDecompressSync],
    ["gzip", zlib.gunzipSync],
  ] as const)("sends the build's %s copy of a file to a browser that takes it", async (encoding, decompress) => {
    const response = await t.app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": `${encoding}, deflate` },
    });
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(appScript) / 10);
    expect(decompress(response.rawPayload).toString()).toBe(appScript);
  });

  it("sends the file itself to a client that takes no compression", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe(appScript);
  });
});
