import { describe, expect, it } from "vitest";
import { isWrongPassword, PAYOUT_ACCOUNT_PATH, payoutAccountRules, payoutPasswordRules } from "./payout-account-rules";

const pattern = payoutAccountRules[1]?.pattern as RegExp;

describe("the payout account's rule", () => {
  it("takes a 2088 user id, a mobile number or an e-mail, and nothing else", () => {
    for (const account of ["2088000000000002", "13812345678", "seller@example.com"])
      expect(pattern.test(account)).toBe(true);
    for (const account of ["2088123", "12812345678", "不是账号", "seller@", "@example.com", ""]) {
      expect(pattern.test(account)).toBe(false);
    }
  });
});

describe("the payout account's password", () => {
  it("is required, in the form's own words, and no longer than any password", () => {
    expect(payoutPasswordRules).toContainEqual({ required: true, message: "请输入当前密码" });
    expect(payoutPasswordRules).toContainEqual({ max: 64 });
  });

  it("shows a wrong password's refusal (1106) at the field, and any other refusal over the form", () => {
    expect(isWrongPassword({ kind: "business", code: 1106, msg: "当前密码错误" })).toBe(true);
    expect(isWrongPassword({ kind: "business", code: 1001, msg: "参数错误" })).toBe(false);
    expect(isWrongPassword({ kind: "fetch", msg: "网络连接失败，请检查网络后重试" })).toBe(false);
    expect(isWrongPassword(undefined)).toBe(false);
  });
});

describe("the way to the payout account", () => {
  it("opens 账号安全 at the form", () => {
    expect(PAYOUT_ACCOUNT_PATH).toBe("/userinfo?tab=security#payout-account");
  });
});
