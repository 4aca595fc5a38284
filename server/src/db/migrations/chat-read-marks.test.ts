import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseMigratedTo } from "../../test-support/migration.js";
import type { Db } from "../database.js";
import { migrateToLatest } from "../migrate.js";

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await databaseMigratedTo("0004-chat"));
});
afterAll(() => close());

describe("migration 0005, read marks", () => {
  it("counts a member with nothing unread as having read the chat, and one with unread messages as not", async () => {
    const at = new Date().toISOString();
    for (const name of ["ann", "ben"]) {
      await sql`INSERT INTO users (username, username_lower, email, password_hash, nickname, created_at, updated_at)
        VALUES (${name}, ${name}, ${`${name}@example.com`}, 'x', ${name}, ${at}, ${at})`.execute(db);
    }
    const [ann, ben] = (await sql<{ id: number }>`SELECT id FROM users ORDER BY id`.execute(db)).rows.map(
      (row) => row.id,
    );
    await sql`INSERT INTO chats (pair_key, created_at, updated_at) VALUES ('pair', ${at}, ${at})`.execute(db);
    const chatId = (await sql<{ id: number }>`SELECT id FROM chats`.execute(db)).rows[0]?.id;
    await sql`INSERT INTO messages (chat_id, sender_id, type, content, client_msg_id, created_at)
      VALUES (${chatId}, ${ann}, 'text', '在吗', 'c1', ${at})`.execute(db);
    const messageId = (await sql<{ id: number }>`SELECT id FROM messages`.execute(db)).rows[0]?.id;
    await sql`UPDATE chats SET last_message_id = ${messageId}`.execute(db);
    await sql`INSERT INTO chat_members (chat_id, user_id, peer_id, unread_count, updated_at)
      VALUES (${chatId}, ${ann}, ${ben}, 0, ${at}), (${chatId}, ${ben}, ${ann}, 1, ${at})`.execute(db);

    await migrateToLatest(db);

    const marks = await db.selectFrom("chatMembers").select(["userId", "readUpTo"]).orderBy("userId").execute();
    expect(marks).toEqual([
      { userId: ann, readUpTo: messageId },
      { userId: ben, readUpTo: 0 },
    ]);
  });
});
