/** The account limits and input rules: plain values, free of schemas, for clients (the web app). */
export const AccountLimits = {
  usernameMin: 2,
  usernameMax: 20,
  passwordMin: 8,
  passwordMax: 64,
  emailMax: 254,
  nicknameMax: 20,
  bioMax: 200,
  avatarUrlMax: 500,
  captchaLength: 4,
  captchaTtlSeconds: 5 * 60,
  captchaTicketTtlSeconds: 10 * 60,
  emailCodeLength: 6,
  emailCodeTtlSeconds: 10 * 60,
  emailCodeMaxTries: 5,
  emailResendSeconds: 60,
  emailTicketTtlSeconds: 15 * 60,
  sessionTtlDays: 30,
  /** Failed sign-ins to one account from one address, then that address waits out the window. */
  loginFailuresPerAccount: 5,
  /** Failed sign-ins from one address to any accounts (guessing across many accounts). */
  loginFailuresPerAddress: 30,
  loginFailureWindowSeconds: 15 * 60,
} as const;

/** Letters, digits, underscore and Chinese characters; no "@", so a username never reads as an e-mail. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_\u4e00-\u9fa5]+$/;
export const USERNAME_MESSAGE = "用户名只能包含字母、数字、下划线和汉字";
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d).+$/;
export const PASSWORD_MESSAGE = "密码须同时包含字母和数字";
/** The code mailed to confirm an address: digits only, so a phone offers its number pad. */
export const EMAIL_CODE_PATTERN = new RegExp(`^\\d{${AccountLimits.emailCodeLength}}$`);
export const EMAIL_CODE_MESSAGE = `验证码为 ${AccountLimits.emailCodeLength} 位数字`;

/**
 * A cookie the web app keeps while it holds a token: a hint, not a credential (the token stays in
 * localStorage and goes in the Authorization header). The server sends a page that a signed-in
 * person sees differently without the visitor's screen drawn in it, so that screen is not swapped
 * for theirs under their fingers.
 */
export const SIGNED_IN_HINT_COOKIE = "xz_signed_in";

/** Two-step sign-in (TOTP, RFC 6238, as every authenticator app reads it) and its recovery codes. */
export const TwoStepLimits = {
  codeLength: 6,
  periodSeconds: 30,
  /** Codes one step before or after the server's clock are accepted: phones' clocks drift. */
  windowSteps: 1,
  /** Wrong codes in a row, then the second step is locked for every sign-in of the account. */
  failuresBeforeLock: 5,
  lockSeconds: 15 * 60,
  /** How long the password's answer lets the second step be tried. */
  ticketTtlSeconds: 5 * 60,
  recoveryCodeCount: 10,
  /** How long a proof of identity (身份验证) lets the session change money or identity. */
  proofTtlSeconds: 5 * 60,
} as const;

/** A code from the authenticator app: six digits. */
export const TWO_STEP_CODE_PATTERN = new RegExp(`^\\d{${TwoStepLimits.codeLength}}$`);
/** A recovery code as shown (ABCDE-FGHJK) or typed without the dash, in either case. */
export const RECOVERY_CODE_PATTERN = /^[A-Za-z2-9]{5}-?[A-Za-z2-9]{5}$/;
export const TWO_STEP_CODE_MESSAGE = `请输入 ${TwoStepLimits.codeLength} 位验证码`;
export const TWO_STEP_OR_RECOVERY_MESSAGE = `请输入 ${TwoStepLimits.codeLength} 位验证码或 10 位恢复码`;

/** 通行密钥 (passkeys, WebAuthn). */
export const PasskeyLimits = {
  /** How long the browser may take between the options and its answer. */
  challengeTtlSeconds: 5 * 60,
  nameMaxLength: 30,
  /** Passkeys one account may keep: enough for every phone, computer and security key a person owns. */
  perAccount: 20,
} as const;

/** 新设备登录提醒. */
export const NewDeviceLimits = {
  /** How long the alert's 不是我本人 link works. */
  alertLinkTtlSeconds: 24 * 3600,
  /** How long a browser is remembered by its device cookie. */
  deviceCookieDays: 365,
} as const;

/** The long-lived cookie a browser is recognised by at sign-in (HttpOnly, set by the server). */
export const DEVICE_COOKIE = "xz_device";
