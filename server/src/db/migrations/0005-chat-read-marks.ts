import { type Kysely, sql } from "kysely";

/** How far each member has read, so a sender can see which of their messages the peer has seen. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("chat_members")
    .addColumn("read_up_to", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  // A member with nothing unread has read everything there was.
  await sql`UPDATE chat_members SET read_up_to = COALESCE(
    (SELECT last_message_id FROM chats WHERE chats.id = chat_members.chat_id), 0)
    WHERE unread_count = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chat_members").dropColumn("read_up_to").execute();
}
