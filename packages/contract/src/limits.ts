/** How many requests one client may make within a window before it gets 429. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Request limits, set where a real person never reaches them: they stop scripts that send mail,
 * store files or post in bulk. "PerAddress" counts by client address, "PerUser" by signed-in
 * account (by address when signed out). Failed sign-ins have a stricter throttle of their own
 * (`AccountLimits.loginFailuresPerAccount`).
 */
export const RateLimits = {
  /** Every /api call without a limit of its own. */
  apiPerAddress: { max: 600, windowSeconds: MINUTE },
  /** Both sign-in calls together. */
  loginPerAddress: { max: 60, windowSeconds: 15 * MINUTE },
  captchaPerAddress: { max: 30, windowSeconds: MINUTE },
  captchaConfirmPerAddress: { max: 30, windowSeconds: MINUTE },
  emailCodePerAddress: { max: 20, windowSeconds: HOUR },
  /** Codes mailed to one inbox, whoever asks. */
  emailCodePerRecipient: { max: 5, windowSeconds: HOUR },
  registerPerAddress: { max: 20, windowSeconds: HOUR },
  passwordResetPerAddress: { max: 10, windowSeconds: HOUR },
  uploadPerUser: { max: 120, windowSeconds: HOUR },
  goodsPostPerUser: { max: 30, windowSeconds: HOUR },
  commentPerUser: { max: 10, windowSeconds: MINUTE },
  /** Reports: enough for anyone who meets several scammers in a day, too few to flood the queue. */
  reportPerUser: { max: 20, windowSeconds: HOUR },
  /** Calls that check the current password (e-mail and password change), together: a stolen session cannot guess it. */
  passwordCheckPerUser: { max: 10, windowSeconds: 15 * MINUTE },
  /** Downloads of all one's data: each reads every row the account has, so a few an hour. */
  dataExportPerUser: { max: 5, windowSeconds: HOUR },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RateLimits;
