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
  /**
   * Calls that check the current password or a two-step code (e-mail and password change, two-step
   * set-up and codes), together: a stolen session cannot guess either.
   */
  passwordCheckPerUser: { max: 10, windowSeconds: 15 * MINUTE },
  /** Downloads of all one's data: each reads every row the account has, so a few an hour. */
  dataExportPerUser: { max: 5, windowSeconds: HOUR },
  /**
   * Every write (POST, PUT, PATCH, DELETE under /api) of a signed-in account that has no per-account
   * limit of its own below or above, counted per account: one a second for a minute is a script.
   */
  writePerUser: { max: 60, windowSeconds: MINUTE },
  /** Offers made and counter-offers, together: each tells the other side. */
  offerPerUser: { max: 30, windowSeconds: 10 * MINUTE },
  /** Accepting, declining and withdrawing offers, completing and cancelling deals, together. */
  tradeActionPerUser: { max: 60, windowSeconds: 10 * MINUTE },
  /** Follows and unfollows, together. */
  followPerUser: { max: 60, windowSeconds: MINUTE },
  /** Blocks and unblocks, together. */
  blockPerUser: { max: 60, windowSeconds: MINUTE },
  /** Favourites added and taken away, together (the heart). */
  favoritePerUser: { max: 60, windowSeconds: MINUTE },
  /** Goods edited (a lower price tells every favourite's owner), their status set, pictures added, goods deleted. */
  goodsEditPerUser: { max: 60, windowSeconds: 10 * MINUTE },
  /** The profile and the notification settings, together. */
  profileEditPerUser: { max: 30, windowSeconds: MINUTE },
  /** Chats opened about goods. */
  chatOpenPerUser: { max: 60, windowSeconds: 10 * MINUTE },
  /** Saved searches made, renamed and deleted, together. */
  savedSearchPerUser: { max: 30, windowSeconds: 10 * MINUTE },
  /**
   * Chats and notifications marked read, together: an open chat marks each message read as it
   * comes (a peer may send 10 a second), so generous.
   */
  readMarkPerUser: { max: 600, windowSeconds: MINUTE },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RateLimits;
