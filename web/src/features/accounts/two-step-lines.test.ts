import { describe, expect, it, vi } from "vitest";
import {
  groupedSecret,
  needsPasswordAgain,
  proofMethodOf,
  recoveryCodesFile,
  sendWithProof,
  twoStepChallengeOf,
  twoStepSummary,
} from "./two-step-lines";

describe("the answer to a right password", () => {
  it("is a second step when the account asks for one, with its ticket", () => {
    const challenge = { twoStepTicket: "t-1", expiresAt: "2026-11-29T05:00:00.000Z" };
    expect(twoStepChallengeOf({ kind: "business", code: 1109, msg: "请输入两步验证码", data: challenge })).toEqual(
      challenge,
    );
  });

  it("is not one for any other refusal, or a 1109 without a ticket", () => {
    expect(twoStepChallengeOf({ code: 1104, msg: "用户名或密码错误", data: null })).toBeNull();
    expect(twoStepChallengeOf({ code: 1109, data: null })).toBeNull();
    expect(twoStepChallengeOf(undefined)).toBeNull();
  });

  it("sends the user back to the password when the ticket ran out", () => {
    expect(needsPasswordAgain({ code: 1112 })).toBe(true);
    expect(needsPasswordAgain({ code: 1110 })).toBe(false);
  });
});

describe("a change the server asks a proof of identity for", () => {
  it("names the proof to ask for", () => {
    expect(proofMethodOf({ code: 1116, msg: "为保护账号安全，请先验证身份", data: { method: "two_step" } })).toBe(
      "two_step",
    );
    expect(proofMethodOf({ code: 1116, data: { method: "password" } })).toBe("password");
    expect(proofMethodOf({ code: 1116, data: { method: "passkey" } })).toBe("passkey");
  });

  it("is no such change for any other answer, or a method it does not know", () => {
    expect(proofMethodOf({ code: 1106, msg: "当前密码错误", data: null })).toBeNull();
    expect(proofMethodOf({ code: 1116, data: { method: "fingerprint" } })).toBeNull();
    expect(proofMethodOf(undefined)).toBeNull();
  });
});

describe("a change sent with 身份验证", () => {
  const asked = { error: { code: 1116, msg: "为保护账号安全，请先验证身份", data: { method: "two_step" } } };
  const done = { data: { alipayAccount: "seller@example.com" } };

  it("is sent again once the user gives the proof the server asked for", async () => {
    const answers = [asked, done];
    const change = vi.fn(async () => answers.shift());
    const prove = vi.fn(async () => true);
    expect(await sendWithProof(change, prove)).toBe(done);
    expect(prove).toHaveBeenCalledWith("two_step");
    expect(change).toHaveBeenCalledTimes(2);
  });

  it("is not sent again when the user cancels: the server's request for a proof stands", async () => {
    const change = vi.fn(async () => asked);
    expect(await sendWithProof(change, async () => false)).toBe(asked);
    expect(change).toHaveBeenCalledTimes(1);
  });

  it("is sent once, asking nothing, when the server answers anything else", async () => {
    const wrong = { error: { code: 1106, msg: "当前密码错误", data: null } };
    const prove = vi.fn(async () => true);
    expect(await sendWithProof(async () => wrong, prove)).toBe(wrong);
    expect(await sendWithProof(async () => done, prove)).toBe(done);
    expect(prove).not.toHaveBeenCalled();
  });
});

describe("两步验证 in 账号安全", () => {
  const now = Date.parse("2026-11-29T06:00:00.000Z");

  it("says what it does while off", () => {
    expect(twoStepSummary({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 }, now)).toMatch(/^未开启。/);
  });

  it("says since when it is on and how many recovery codes are left", () => {
    const status = { enabled: true, enabledAt: "2026-11-27T06:00:00.000Z", recoveryCodesLeft: 7 };
    expect(twoStepSummary(status, now)).toBe("已开启（2 天前）· 剩余 7 个恢复码");
    expect(twoStepSummary({ ...status, recoveryCodesLeft: 0 }, now)).toBe("已开启（2 天前）· 恢复码已用完，请重新生成");
  });

  it("shows the secret in groups of four, as it is typed into an app", () => {
    expect(groupedSecret("ABCDEFGHIJKLMNOPQR")).toBe("ABCD EFGH IJKL MNOP QR");
  });

  it("keeps the recovery codes in a file named after the day, one per line", () => {
    const file = recoveryCodesFile(["AAAAA-BBBBB", "CCCCC-DDDDD"], "lisi", new Date(2026, 10, 29, 9, 5));
    expect(file.name).toBe("xianzhi-recovery-codes-2026-11-29.txt");
    expect(file.text.split("\n")).toEqual(
      expect.arrayContaining(["账号：lisi", "生成时间：2026-11-29 09:05", "AAAAA-BBBBB", "CCCCC-DDDDD"]),
    );
  });
});
