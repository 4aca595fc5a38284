/** Closing an account and taking one's data: plain values, free of schemas. */

/** What others see in place of a closed account's name, wherever it wrote (comments, chats, reviews). */
export const DELETED_USER_NAME = "已注销用户";

export const OwnDataLimits = {
  /**
   * A closed account's username and e-mail stay taken this long (nobody can pose as its owner at
   * once, and signing in says the account is closed), then they are freed for anyone to register.
   */
  deletedAccountHoldDays: 30,
} as const;
