import type { Kysely } from "kysely";

/**
 * 登录设备: each session keeps the user agent and address it signed in from, and when it was last
 * used (written at most every ten minutes), so its owner can tell their devices apart and end one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("sessions")
    .addColumn("user_agent", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("sessions")
    .addColumn("ip", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["last_seen_at", "ip", "user_agent"]) {
    await db.schema.alterTable("sessions").dropColumn(column).execute();
  }
}
