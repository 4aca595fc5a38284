import { describe, expect, it } from "vitest";
import { payoutAccountRules } from "./payout-account-rules";

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
