import type { Passkey } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import { ceremonyErrorText, defaultPasskeyName, passkeyLine } from "./passkey-lines";

const NOW = Date.parse("2026-11-29T08:00:00.000Z");
const phone: Passkey = {
  id: 1,
  name: "我的手机",
  createdAt: "2026-11-29T07:00:00.000Z",
  lastUsedAt: null,
  synced: true,
};

describe("a passkey in the list", () => {
  it("says when it was added and that it was never used", () => {
    expect(passkeyLine(phone, NOW)).toMatch(/^添加于 .+ · 尚未使用$/);
  });

  it("says when it was last used", () => {
    expect(passkeyLine({ ...phone, lastUsedAt: "2026-11-29T07:59:00.000Z" }, NOW)).toMatch(/· 最近使用 .+$/);
  });
});

describe("a new passkey's name", () => {
  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15", "iPhone"],
    ["Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/131 Mobile", "安卓手机"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15", "Mac"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131", "Windows 电脑"],
    ["Mozilla/5.0 (X11; Linux x86_64) Chrome/131", "电脑"],
    ["", "我的设备"],
  ])("is named after the device: %s", (userAgent, name) => {
    expect(defaultPasskeyName(userAgent)).toBe(name);
  });
});

describe("a passkey prompt that gave no answer", () => {
  it("says the user cancelled or let it time out", () => {
    expect(
      ceremonyErrorText(new DOMException("The operation either timed out or was not allowed.", "NotAllowedError")),
    ).toBe("已取消，或没有在限定时间内完成验证");
  });

  it("says the device already holds a passkey of the account", () => {
    expect(ceremonyErrorText({ name: "InvalidStateError" })).toBe("这台设备上已经有你的通行密钥了");
  });

  it("says what went wrong in general words otherwise", () => {
    expect(ceremonyErrorText(new Error("boom"))).toBe("通行密钥验证没有完成，请重试");
    expect(ceremonyErrorText(null)).toBe("通行密钥验证没有完成，请重试");
  });
});
