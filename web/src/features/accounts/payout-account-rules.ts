import { AccountLimits, Errors, PAYOUT_ACCOUNT_PATTERN } from "@xianzhi/contract/constants";
import { paths } from "../../app/paths";

/** The payout account form's name, which Ant Design gives its <form> as id: the address below leads to it. */
export const PAYOUT_FORM_ID = "payout-account";

/** Where the payout account is set: the personal centre's 账号安全, scrolled to its form. */
export const PAYOUT_ACCOUNT_PATH = `${paths.userinfo}?tab=security#${PAYOUT_FORM_ID}`;

/** The payout account form's rules, in the contract's words: a 2088… user id, a mobile number or an e-mail. */
export const payoutAccountRules = [
  { required: true, message: "请填写支付宝账号" },
  { pattern: PAYOUT_ACCOUNT_PATTERN, message: "请填写支付宝账号（手机号、邮箱或 2088 开头的 16 位用户号）" },
];

/** The current password, which the server asks before the money goes elsewhere; only its length is bounded. */
export const payoutPasswordRules = [{ required: true, message: "请输入当前密码" }, { max: AccountLimits.passwordMax }];

/** Whether a refusal is for a wrong password: it then shows at that field rather than over the form. */
export function isWrongPassword(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === Errors.OLD_PASSWORD_WRONG.code;
}
