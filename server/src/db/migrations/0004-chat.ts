import type { Kysely } from "kysely";
import { withIdColumn } from "./helpers.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("chats"))
    // "lowUserId:highUserId:goodsId" (0 without goods): unique, so two users pressing "chat" at
    // the same moment get the same chat.
    .addColumn("pair_key", "text", (col) => col.notNull().unique())
    .addColumn("goods_id", "integer", (col) => col.references("goods.id").onDelete("set null"))
    .addColumn("last_message_id", "integer")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("chat_members")
    .addColumn("chat_id", "integer", (col) => col.notNull().references("chats.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("peer_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("unread_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("chat_members_pk", ["chat_id", "user_id"])
    .execute();
  await db.schema.createIndex("chat_members_user_time").on("chat_members").columns(["user_id", "updated_at"]).execute();

  await withIdColumn(db, db.schema.createTable("messages"))
    .addColumn("chat_id", "integer", (col) => col.notNull().references("chats.id").onDelete("cascade"))
    .addColumn("sender_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("client_msg_id", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    // A client that resends after a lost ack gets the stored message back, not a second copy.
    .addUniqueConstraint("messages_sender_client_id", ["sender_id", "client_msg_id"])
    .execute();
  await db.schema.createIndex("messages_chat").on("messages").columns(["chat_id", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["messages", "chat_members", "chats"]) await db.schema.dropTable(table).execute();
}
