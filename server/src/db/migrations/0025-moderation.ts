import type { Kysely } from "kysely";
import { withIdColumn } from "./helpers.js";

/**
 * Moderation: who sees goods, suspensions, the audit log and the prohibited-word rules.
 *
 * Goods others may not see (taken down, held for review, their seller suspended) keep their
 * status and get `visibility` other than 'public' and `listed` 0: every list, search index, count
 * and block that reads `listed = 1` leaves them out with no change to its queries or indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("goods")
    .addColumn("visibility", "text", (col) => col.notNull().defaultTo("public"))
    .execute();
  // The moderator's reason for taking goods down, or the word that held them for review.
  await db.schema.alterTable("goods").addColumn("moderation_reason", "text").execute();
  // Only the few goods that are not public: the review queue and a suspension's end read them.
  await db.schema.createIndex("goods_visibility").on("goods").columns(["visibility", "id"]).execute();

  // Until when the user may not sign in; SUSPENDED_FOREVER for good, null when not suspended.
  await db.schema.alterTable("users").addColumn("suspended_until", "text").execute();
  await db.schema.createIndex("users_suspended").on("users").column("suspended_until").execute();

  await withIdColumn(db, db.schema.createTable("moderation_log"))
    .addColumn("moderator_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("target_type", "text", (col) => col.notNull())
    .addColumn("target_id", "integer", (col) => col.notNull())
    .addColumn("target_user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("days", "integer")
    .addColumn("resolved_reports", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable("word_rules"))
    .addColumn("word", "text", (col) => col.notNull().unique())
    // refuse | review
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("created_by", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("word_rules").execute();
  await db.schema.dropTable("moderation_log").execute();
  await db.schema.dropIndex("users_suspended").execute();
  await db.schema.alterTable("users").dropColumn("suspended_until").execute();
  await db.schema.dropIndex("goods_visibility").execute();
  await db.schema.alterTable("goods").dropColumn("moderation_reason").execute();
  await db.schema.alterTable("goods").dropColumn("visibility").execute();
}
