import { AccountLimits, PASSWORD_PATTERN } from "@xianzhi/contract";

/** The form rules of every new password (registration, reset, change), from the contract's limits. */
export const passwordRules = [
  { required: true },
  { min: AccountLimits.passwordMin, max: AccountLimits.passwordMax },
  { pattern: PASSWORD_PATTERN, message: "密码须同时包含字母和数字" },
];
