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
