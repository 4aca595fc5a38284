import type { PasskeyAnswerBody, WebAuthnOptions, WebAuthnResponse } from "@xianzhi/contract";
import { describe, expect, it, vi } from "vitest";
import { type Device, passkeyCeremony } from "./passkey-ceremony";

const OPTIONS: WebAuthnOptions = { challengeId: "c-1", options: { challenge: "abc", rpId: "localhost" } };
const RESPONSE: WebAuthnResponse = { id: "k", rawId: "k", type: "public-key", response: {} };

describe("a passkey ceremony", () => {
  it("sends the device's answer with the options' challenge, and ends with the server's answer", async () => {
    const device = vi.fn<Device>(async () => RESPONSE);
    const send = vi.fn(async (_: PasskeyAnswerBody) => ({ data: "signed in" }));
    expect(await passkeyCeremony("get", { data: OPTIONS }, send, device)).toEqual({ data: "signed in" });
    expect(device).toHaveBeenCalledWith("get", OPTIONS.options);
    expect(send).toHaveBeenCalledWith({ challengeId: "c-1", response: RESPONSE });
  });

  it("sends nothing when the user cancels the prompt, and says so", async () => {
    const send = vi.fn();
    const cancelled: Device = async () => {
      throw new DOMException("not allowed", "NotAllowedError");
    };
    expect(await passkeyCeremony("create", { data: OPTIONS }, send, cancelled)).toEqual({
      error: "已取消，或没有在限定时间内完成验证",
    });
    expect(send).not.toHaveBeenCalled();
  });

  it("opens no prompt when the server gave no options", async () => {
    const device = vi.fn<Device>();
    const refused = { error: { kind: "business", code: 1123, msg: "最多添加 20 个通行密钥" } };
    expect(await passkeyCeremony("create", refused, vi.fn(), device)).toEqual({ error: "最多添加 20 个通行密钥" });
    expect(device).not.toHaveBeenCalled();
  });

  it("ends with the server's words when it refuses the answer", async () => {
    const send = async () => ({ error: { kind: "business", code: 1120, msg: "这个通行密钥的使用记录异常" } });
    expect(await passkeyCeremony("get", { data: OPTIONS }, send, async () => RESPONSE)).toEqual({
      error: "这个通行密钥的使用记录异常",
    });
  });
});
