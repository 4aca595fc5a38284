import type { Kysely } from "kysely";

/**
 * 身份验证: when the session's user last proved it is them (the password, or a two-step code for an
 * account that has one). Changes of money and identity ask for a proof of the last five minutes,
 * bound to the session, so a stolen token alone cannot make them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("proven_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("proven_at").execute();
}
