import { configureStore } from "@reduxjs/toolkit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "./api";
import { TRANSPORT_MESSAGES } from "./api-error";
import { setUnauthorizedHandler } from "./base-query";
import { appStatusNow } from "./service-worker/app-status";
import { SAVED_AT_HEADER } from "./service-worker/caches";
import { createUnauthorizedHandler } from "./unauthorized";

/** The browser's storage, which the API layer reads the token from; a plain map stands in for it. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (url) => url }),
    act: build.mutation<unknown, string>({ query: (url) => ({ url, method: "POST" }) }),
    upload: build.mutation<unknown, (percent: number) => void>({
      query: (onUploadProgress) => ({ url: "/com/upload", body: new FormData(), onUploadProgress }),
    }),
  }),
});

type FetchReply = (request: Request) => Promise<Response>;
let reply: FetchReply;
let requests: Request[];

/** A browser resolves the app's relative "/api/..." addresses against the page; so does this. */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === "string" ? new URL(input, "http://xianzhi.test") : input, init);
  }
}

beforeEach(() => {
  vi.stubGlobal("localStorage", new MemoryStorage());
  vi.stubGlobal("Request", PageRequest);
  requests = [];
  vi.stubGlobal("fetch", (input: Request) => {
    requests.push(input);
    return reply(input);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setUnauthorizedHandler(() => {});
});

function newStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (d) => d().concat(api.middleware),
  });
}

async function call(url = "/anything") {
  return newStore().dispatch(probe.endpoints.probe.initiate(url));
}

/** A signed-in user doing something (a mutation), where `call` is a page loading its data. */
async function act(url = "/anything") {
  return newStore().dispatch(probe.endpoints.act.initiate(url));
}

/** What the browser's XMLHttpRequest does for an upload: progress, then the reply. */
class FakeUpload {
  static replyWith = { status: 200, body: "" };
  static sent: FakeUpload[] = [];
  headers = new Map<string, string>();
  url = "";
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value);
  }
  abort() {}
  send() {
    FakeUpload.sent.push(this);
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.status = FakeUpload.replyWith.status;
    this.responseText = FakeUpload.replyWith.body;
    setTimeout(() => this.onload?.(), 0);
  }
}

function unauthorizedEffects(path: string, guarded: boolean) {
  return {
    signOut: vi.fn(),
    toast: vi.fn(),
    goToLogin: vi.fn(),
    currentPath: () => path,
    onGuardedScreen: () => guarded,
  };
}

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

describe("the API layer", () => {
  it("calls /api with the stored token and returns the envelope's data on code 200", async () => {
    localStorage.setItem("accessToken", "tok123");
    reply = () => json(200, { code: 200, msg: "成功", data: { a: 1 } });
    const result = await call("/goods/getlist");
    expect(result.data).toEqual({ a: 1 });
    expect(new URL(requests[0]?.url ?? "").pathname).toBe("/api/goods/getlist");
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer tok123");
  });

  it("sends no Authorization header without a token", async () => {
    reply = () => json(200, { code: 200, msg: "", data: null });
    await call();
    expect(requests[0]?.headers.has("authorization")).toBe(false);
  });

  it("treats any other envelope code as a business error, keeping code, msg and data", async () => {
    reply = () => json(200, { code: 1101, msg: "用户名已被注册", data: { field: "username" } });
    const { error } = await call();
    expect(error).toMatchObject({ kind: "business", code: 1101, msg: "用户名已被注册", data: { field: "username" } });
    expect(typeof (error as { timestamp: number }).timestamp).toBe("number");
  });

  it("says 业务逻辑错误 when a business error has no message", async () => {
    reply = () => json(200, { code: 1234, msg: "", data: null });
    expect((await call()).error).toMatchObject({ kind: "business", code: 1234, msg: "业务逻辑错误" });
  });

  it.each([
    [400, "请求参数错误"],
    [401, "登录已失效，请重新登录"],
    [403, "没有操作权限"],
    [404, "请求的资源不存在"],
    [500, "服务器内部错误"],
  ])("gives HTTP %i the message %s, keeping the server's words as detail", async (status, msg) => {
    reply = () => json(status, { code: status, msg: "标题最多 60 个字符", data: null });
    const { error } = await call();
    expect(error).toMatchObject({ kind: "http", status, code: status, msg, detail: "标题最多 60 个字符" });
    expect(typeof (error as { timestamp: number }).timestamp).toBe("number");
  });

  it("uses the server's message for other statuses, else 未知错误", async () => {
    reply = () => json(429, { code: 429, msg: "请求过于频繁，请稍后再试", data: null });
    expect((await call()).error).toMatchObject({ kind: "http", status: 429, msg: "请求过于频繁，请稍后再试" });
    reply = () => Promise.resolve(new Response("", { status: 418 }));
    expect((await call()).error).toMatchObject({ status: 418 });
    reply = () => json(418, {});
    expect((await call()).error).toMatchObject({ kind: "http", status: 418, msg: "未知错误" });
  });

  it("tells a network failure, a timeout and an unreadable reply apart", async () => {
    reply = () => Promise.reject(new TypeError("Failed to fetch"));
    expect((await call()).error).toMatchObject({ kind: "fetch", msg: TRANSPORT_MESSAGES.fetch });

    reply = () =>
      Promise.resolve(
        new Response("<html>oops</html>", { status: 200, headers: { "content-type": "application/json" } }),
      );
    expect((await call()).error).toMatchObject({ kind: "parsing", msg: TRANSPORT_MESSAGES.parsing });

    reply = () => json(200, { hello: "not an envelope" });
    expect((await call()).error).toMatchObject({ kind: "parsing" });

    vi.useFakeTimers();
    reply = (request) =>
      // As fetch does: an aborted request rejects with the signal's reason.
      new Promise((_resolve, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason)));
    const pending = call();
    await vi.advanceTimersByTimeAsync(15_001);
    expect((await pending).error).toMatchObject({ kind: "timeout", msg: TRANSPORT_MESSAGES.timeout });
  });

  it("on a 401 signs out and toasts at once, and opens /login 1,500 ms later, once", async () => {
    vi.useFakeTimers();
    const effects = unauthorizedEffects("/post?x=1", true);
    setUnauthorizedHandler(createUnauthorizedHandler(effects));
    localStorage.setItem("accessToken", "expired");
    reply = () => json(401, { code: 401, msg: "登录已失效，请重新登录", data: null });
    await Promise.all([call("/a"), call("/b")]);
    expect(effects.signOut).toHaveBeenCalled();
    expect(effects.toast).toHaveBeenCalledTimes(1);
    expect(effects.toast).toHaveBeenCalledWith("登录已失效，请重新登录");
    await vi.advanceTimersByTimeAsync(1499);
    expect(effects.goToLogin).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(effects.goToLogin).toHaveBeenCalledTimes(1);
    expect(effects.goToLogin).toHaveBeenCalledWith("/post?x=1");
  });

  it("on a public page, a 401 while the page loads its data drops the token quietly", async () => {
    vi.useFakeTimers();
    const effects = unauthorizedEffects("/goodsinfo/1", false);
    setUnauthorizedHandler(createUnauthorizedHandler(effects));
    localStorage.setItem("accessToken", "expired");
    reply = () => json(401, { code: 401, msg: "登录已失效，请重新登录", data: null });
    await call("/fav/exists/1");
    await vi.advanceTimersByTimeAsync(2000);
    expect(effects.signOut).toHaveBeenCalled();
    expect(effects.toast).not.toHaveBeenCalled();
    expect(effects.goToLogin).not.toHaveBeenCalled();
  });

  it("on a public page, a 401 of something the user did still asks them to log in again", async () => {
    vi.useFakeTimers();
    const effects = unauthorizedEffects("/goodsinfo/1", false);
    setUnauthorizedHandler(createUnauthorizedHandler(effects));
    reply = () => json(401, { code: 401, msg: "登录已失效，请重新登录", data: null });
    await act("/fav");
    expect(effects.toast).toHaveBeenCalledWith("登录已失效，请重新登录");
    await vi.advanceTimersByTimeAsync(1500);
    expect(effects.goToLogin).toHaveBeenCalledWith("/goodsinfo/1");
  });

  describe("an upload", () => {
    beforeEach(() => {
      FakeUpload.sent = [];
      vi.stubGlobal("XMLHttpRequest", FakeUpload);
    });

    it("goes to /api with the stored token, reports progress and answers the envelope's data", async () => {
      localStorage.setItem("accessToken", "tok123");
      FakeUpload.replyWith = { status: 200, body: JSON.stringify({ code: 200, msg: "", data: { fileId: "f1" } }) };
      const progress: number[] = [];
      const result = await newStore().dispatch(probe.endpoints.upload.initiate((percent) => progress.push(percent)));
      expect(result.data).toEqual({ fileId: "f1" });
      expect(progress).toEqual([50]);
      expect(FakeUpload.sent[0]?.url).toBe("/api/com/upload");
      expect(FakeUpload.sent[0]?.headers.get("authorization")).toBe("Bearer tok123");
    });

    it("on a 401 signs out and sends to /login like any other call", async () => {
      vi.useFakeTimers();
      const effects = unauthorizedEffects("/post", false);
      setUnauthorizedHandler(createUnauthorizedHandler(effects));
      FakeUpload.replyWith = { status: 401, body: JSON.stringify({ code: 401, msg: "登录已失效", data: null }) };
      const pending = newStore().dispatch(probe.endpoints.upload.initiate(() => {}));
      await vi.advanceTimersByTimeAsync(0);
      expect((await pending).error).toMatchObject({ kind: "http", status: 401, msg: "登录已失效，请重新登录" });
      expect(effects.signOut).toHaveBeenCalled();
      expect(effects.toast).toHaveBeenCalledWith("登录已失效，请重新登录");
      await vi.advanceTimersByTimeAsync(1500);
      expect(effects.goToLogin).toHaveBeenCalledWith("/post");
    });

    it("tells a business error and an unreadable reply apart, as for every call", async () => {
      FakeUpload.replyWith = {
        status: 200,
        body: JSON.stringify({ code: 1202, msg: "每件闲置最多 9 张图片", data: null }),
      };
      expect((await newStore().dispatch(probe.endpoints.upload.initiate(() => {}))).error).toMatchObject({
        kind: "business",
        msg: "每件闲置最多 9 张图片",
      });
      FakeUpload.replyWith = { status: 502, body: "<html>Bad Gateway</html>" };
      expect((await newStore().dispatch(probe.endpoints.upload.initiate(() => {}))).error).toMatchObject({
        kind: "parsing",
        status: 502,
      });
    });
  });

  it("leaves a 401 alone once the token is gone: signing out in this tab opens no /login", async () => {
    const effects = unauthorizedEffects("/userinfo", true);
    setUnauthorizedHandler(createUnauthorizedHandler(effects, 0));
    reply = () => json(401, { code: 401, msg: "登录已失效，请重新登录", data: null });
    const { error } = await call("/user/getinfo");
    expect(error).toMatchObject({ status: 401 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(effects.signOut).not.toHaveBeenCalled();
    expect(effects.goToLogin).not.toHaveBeenCalled();
  });

  it("keeps unused data 60 s and does not refetch on focus or reconnect", () => {
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer },
      middleware: (d) => d().concat(api.middleware),
    });
    const config = store.getState().api.config;
    expect(config).toMatchObject({ keepUnusedDataFor: 60, refetchOnFocus: false, refetchOnReconnect: false });
  });
});

describe("offline", () => {
  it("says at once that an action needs the network, without a request", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    reply = () => json(200, { code: 200, msg: "ok", data: null });
    expect((await act()).error).toMatchObject({ kind: "fetch", msg: TRANSPORT_MESSAGES.offline });
    expect(requests).toHaveLength(0);
  });

  it("says a page's call failed for being offline, not that the network broke", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    reply = () => Promise.reject(new TypeError("Failed to fetch"));
    expect((await call()).error).toMatchObject({ kind: "fetch", msg: TRANSPORT_MESSAGES.offline });
  });

  it("shows when the answers from the service worker's cache were kept, until the server answers again", async () => {
    const store = newStore();
    const kept = "2026-11-29T02:20:00.000Z";
    reply = () =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 200, msg: "ok", data: 1 }), {
          status: 200,
          headers: { "content-type": "application/json", [SAVED_AT_HEADER]: kept },
        }),
      );
    await store.dispatch(probe.endpoints.probe.initiate("/goods/getlist"));
    expect(appStatusNow().savedAt).toBe(kept);
    reply = () => json(200, { code: 200, msg: "ok", data: 2 });
    await store.dispatch(probe.endpoints.probe.initiate("/goods/info/1"));
    expect(appStatusNow().savedAt).toBeNull();
  });
});
