import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pathAfterLogin } from "./after-login";
import { isSignedIn, sessionEndedSinceSignIn, signIn, signOut, signOutEndedSession } from "./session";

describe("the page signing in leads to", () => {
  it("is the page the user was sent from, with its query", () => {
    expect(pathAfterLogin("/goodsinfo/42")).toBe("/goodsinfo/42");
    expect(pathAfterLogin("/search_result?keyword=%E7%9B%B8%E6%9C%BA")).toBe(
      "/search_result?keyword=%E7%9B%B8%E6%9C%BA",
    );
  });

  it("is home without one, or for the sign-in screens and other sites", () => {
    for (const from of [
      undefined,
      null,
      42,
      "",
      "/login",
      "/login?x=1",
      "/reg",
      "//evil.example/x",
      "https://evil.example",
    ]) {
      expect(pathAfterLogin(from), String(from)).toBe("/");
    }
  });
});

/** The browser's storage; a plain map stands in for it. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

describe("the mark that the session ended", () => {
  const dispatch = vi.fn();
  beforeEach(() => {
    vi.stubGlobal("localStorage", new MemoryStorage());
    vi.stubGlobal("sessionStorage", new MemoryStorage());
    vi.stubGlobal("document", { cookie: "" });
  });
  afterEach(() => vi.unstubAllGlobals());

  const signedIn = () => signIn(dispatch, { token: "tok", userInfo: { id: "1" } } as Parameters<typeof signIn>[1]);

  it("is set when a 401 takes the token away, and gone at the next sign-in", () => {
    signedIn();
    expect(sessionEndedSinceSignIn()).toBe(false);
    signOutEndedSession(dispatch);
    expect(isSignedIn()).toBe(false);
    expect(sessionEndedSinceSignIn()).toBe(true);
    signedIn();
    expect(sessionEndedSinceSignIn()).toBe(false);
  });

  it("is not set by a sign-out the user asked for, nor by a 401 without a token", () => {
    signedIn();
    signOut(dispatch);
    signOutEndedSession(dispatch);
    expect(sessionEndedSinceSignIn()).toBe(false);
  });
});
