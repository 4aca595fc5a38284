import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";

/**
 * What a stored message does to its chat, done by the database in the statement that inserts it:
 * the chat moves to the top of both lists with this as its last message, the recipient has one
 * more unread message, and the sender has read everything up to it (whoever answers has seen what
 * came before). A message is then one INSERT, with no transaction around four statements.
 */
const RECORD_ACTIVITY = `
  UPDATE chats SET last_message_id = NEW.id, updated_at = NEW.created_at WHERE id = NEW.chat_id;
  UPDATE chat_members SET
    updated_at = NEW.created_at,
    unread_count = CASE WHEN user_id = NEW.sender_id THEN 0 ELSE unread_count + 1 END,
    read_up_to = CASE WHEN user_id = NEW.sender_id THEN NEW.id ELSE read_up_to END
  WHERE chat_id = NEW.chat_id;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "sqlite") {
    await sql`CREATE TRIGGER messages_record_activity AFTER INSERT ON messages BEGIN ${sql.raw(RECORD_ACTIVITY)} END`.execute(
      db,
    );
  } else {
    await sql`CREATE FUNCTION messages_record_activity() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${sql.raw(RECORD_ACTIVITY)} RETURN NULL; END $$`.execute(db);
    await sql`CREATE TRIGGER messages_record_activity AFTER INSERT ON messages
      FOR EACH ROW EXECUTE FUNCTION messages_record_activity()`.execute(db);
  }
  // A member's list, newest activity first, read off the index and stopped after a page.
  await db.schema
    .createIndex("chat_members_user_list")
    .on("chat_members")
    .columns(["user_id", "updated_at", "chat_id"])
    .execute();
  await db.schema.dropIndex("chat_members_user_time").execute();
  // The unread badge sums the chats with unread messages only, not every chat the user ever had.
  await db.schema
    .createIndex("chat_members_unread")
    .on("chat_members")
    .columns(["user_id", "unread_count"])
    .where(sql.ref("unread_count"), ">", 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("chat_members_unread").execute();
  await db.schema.createIndex("chat_members_user_time").on("chat_members").columns(["user_id", "updated_at"]).execute();
  await db.schema.dropIndex("chat_members_user_list").execute();
  await sql`DROP TRIGGER messages_record_activity${sql.raw(dialectOf(db) === "sqlite" ? "" : " ON messages")}`.execute(
    db,
  );
  if (dialectOf(db) === "postgres") await sql`DROP FUNCTION messages_record_activity()`.execute(db);
}
