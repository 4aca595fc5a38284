/** Business constants of the client (product spec, section 9). */
export const UI = {
  redirectAfterUnauthorizedMs: 1500,
  cacheUnusedSeconds: 60,
  messageSeconds: 3,
  notificationSeconds: 4.5,
  messageTopPx: 8,
  popupZIndexBase: 1000,
  requestTimeoutMs: 15_000,
} as const;
