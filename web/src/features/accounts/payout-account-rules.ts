import { PAYOUT_ACCOUNT_PATTERN } from "@xianzhi/contract/constants";

/** The payout account form's rules, in the contract's words: a 2088… user id, a mobile number or an e-mail. */
export const payoutAccountRules = [
  { required: true, message: "请填写支付宝账号" },
  { pattern: PAYOUT_ACCOUNT_PATTERN, message: "请填写支付宝账号（手机号、邮箱或 2088 开头的 16 位用户号）" },
];
