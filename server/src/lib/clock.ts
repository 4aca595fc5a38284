/** Timestamps as stored: ISO-8601 UTC, which sorts correctly as text in both databases. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoAfterSeconds(seconds: number, from = Date.now()): string {
  return new Date(from + seconds * 1000).toISOString();
}
