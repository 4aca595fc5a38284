import type { Kysely } from "kysely";

/** Users a user has blocked: no chat, offer or comment on their goods between them from then on. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blocks")
    .addColumn("blocker_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("blocked_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("blocks_pk", ["blocker_id", "blocked_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blocks").execute();
}
