import type { Kysely } from "kysely";

/** How far each member has read, so a sender can see which of their messages the peer has seen. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("chat_members")
    .addColumn("read_up_to", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chat_members").dropColumn("read_up_to").execute();
}
