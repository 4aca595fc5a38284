/**
 * The column or constraint a unique-index violation names, or null for any other error.
 * SQLite says "UNIQUE constraint failed: users.email"; PostgreSQL gives code 23505 and the
 * constraint name "users_email_key".
 */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, message, constraint } = error as { code?: string; message?: string; constraint?: string };
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return message ?? "";
  if (code === "23505") return constraint ?? message ?? "";
  return null;
}

/** Node's socket errors: the database cannot be reached or dropped the connection. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * PostgreSQL codes that say "not now" rather than "wrong request": admin shutdown, crash
 * shutdown, cannot connect now, statement cancelled by statement_timeout.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "57014"]);

/** node-postgres and pg-pool say these in plain messages, without a code. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  // transaction-guard.ts: SQLite's one connection stayed held past the wait limit.
  /^No database connection became free within/,
];

/**
 * Whether an error means the database is away (restarting, failing over, frozen, locked) rather
 * than that the request was wrong: the client may try again in a moment.
 */
export function databaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === "string") {
    if (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08")) return true;
    // better-sqlite3 answers these once busy_timeout has passed.
    if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return true;
  }
  if (typeof message === "string" && CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // A host name with several addresses fails with an AggregateError of one error per address.
  return Array.isArray(errors) && errors.length > 0 && errors.every(databaseUnavailable);
}
