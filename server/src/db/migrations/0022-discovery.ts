import { type Kysely, sql } from "kysely";
import { withIdColumn } from "./helpers.js";

/**
 * Discovery: sellers a user follows (their new goods notify, and fill the home's 关注 tab), and
 * searches a user keeps (new goods matching them notify, at most once an hour each), matched by a
 * job that walks new goods from a cursor, so posting pays nothing for them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("follows")
    .addColumn("follower_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("seller_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("follows_pk", ["follower_id", "seller_id"])
    .execute();
  await db.schema.createIndex("follows_seller").on("follows").columns(["seller_id", "follower_id"]).execute();

  await withIdColumn(db, db.schema.createTable("saved_searches"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    // The criteria as the contract's JSON, keys in one order: the same search saved twice is one.
    .addColumn("criteria", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("notified_at", "text")
    // Matches found since the last notification, told once the hour has passed.
    .addColumn("pending_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("pending_goods_id", "integer")
    .addUniqueConstraint("saved_searches_once", ["user_id", "criteria"])
    .execute();
  await db.schema.createIndex("saved_searches_pending").on("saved_searches").column("pending_count").execute();

  // One row: the newest goods id the saved-search job has matched.
  await db.schema
    .createTable("saved_search_cursor")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("last_goods_id", "integer", (col) => col.notNull())
    .execute();
  // Goods posted before the searches existed match none: the job starts after the newest.
  await sql`INSERT INTO saved_search_cursor (id, last_goods_id) SELECT 1, COALESCE(MAX(id), 0) FROM goods`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["saved_search_cursor", "saved_searches", "follows"]) await db.schema.dropTable(table).execute();
}
