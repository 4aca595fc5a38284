/** Business constants of the client (product spec, section 9). */
export const UI = {
  redirectAfterUnauthorizedMs: 1500,
  cacheUnusedSeconds: 60,
  requestTimeoutMs: 15_000,
} as const;
