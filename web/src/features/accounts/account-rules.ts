import {
  AccountLimits,
  EMAIL_CODE_MESSAGE,
  EMAIL_CODE_PATTERN,
  PASSWORD_MESSAGE,
  PASSWORD_PATTERN,
  USERNAME_MESSAGE,
  USERNAME_PATTERN,
} from "@xianzhi/contract/constants";
import { lengthRange } from "../../components/limit-hints";
import { shownNameRule } from "../../components/name-rules";

/** The form rules and hints of account fields, from the contract's limits: the server checks the same. */
export const usernameRules = [
  { required: true },
  { min: AccountLimits.usernameMin, max: AccountLimits.usernameMax },
  shownNameRule("用户名"),
  { pattern: USERNAME_PATTERN, message: USERNAME_MESSAGE },
];
export const usernameHint = `${lengthRange(AccountLimits.usernameMin, AccountLimits.usernameMax)}字母、数字、下划线或汉字`;

/** Every new password (registration, reset, change). */
export const passwordRules = [
  { required: true },
  { min: AccountLimits.passwordMin, max: AccountLimits.passwordMax },
  { pattern: PASSWORD_PATTERN, message: PASSWORD_MESSAGE },
];
export const passwordHint = `${lengthRange(AccountLimits.passwordMin, AccountLimits.passwordMax)}，须同时包含字母和数字`;

export const emailRules = [{ required: true }, { type: "email" as const }, { max: AccountLimits.emailMax }];

export const emailCodeRules = [
  { required: true, message: "请输入邮箱验证码" },
  { pattern: EMAIL_CODE_PATTERN, message: EMAIL_CODE_MESSAGE },
];
