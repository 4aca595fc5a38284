import { CATEGORIES } from "@xianzhi/contract";
import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";
import { withIdColumn } from "./helpers.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("goods"))
    .addColumn("seller_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("price_cents", "integer", (col) => col.notNull())
    .addColumn("original_price_cents", "integer")
    .addColumn("category", "text", (col) => col.notNull())
    .addColumn("condition", "text", (col) => col.notNull())
    .addColumn("location", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    // 1 while the goods show in the public lists (on sale or reserved), 0 once sold.
    .addColumn("listed", "integer", (col) => col.notNull())
    .addColumn("view_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("fav_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("comment_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  // One index per list order, with and without a category, so no list page sorts the table.
  const listIndexes: Record<string, string[]> = {
    goods_list_latest: ["listed", "id"],
    goods_list_category_latest: ["listed", "category", "id"],
    goods_list_price: ["listed", "price_cents", "id"],
    goods_list_category_price: ["listed", "category", "price_cents", "id"],
    goods_list_popular: ["listed", "fav_count", "id"],
    goods_list_category_popular: ["listed", "category", "fav_count", "id"],
    goods_seller: ["seller_id", "status", "id"],
  };
  for (const [name, columns] of Object.entries(listIndexes)) {
    await db.schema.createIndex(name).on("goods").columns(columns).execute();
  }

  // Listed goods per category, kept in the same transactions as the goods, so a page's total is
  // a lookup rather than a COUNT(*) over the table.
  await db.schema
    .createTable("goods_stats")
    .addColumn("category", "text", (col) => col.primaryKey())
    .addColumn("listed_count", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto("goods_stats" as never)
    .values(Object.keys(CATEGORIES).map((category) => ({ category, listed_count: 0 })) as never)
    .execute();

  await withIdColumn(db, db.schema.createTable("pictures"))
    .addColumn("file_id", "text", (col) => col.notNull().unique())
    .addColumn("owner_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("goods_id", "integer", (col) => col.references("goods.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("pictures_goods").on("pictures").columns(["goods_id", "position"]).execute();
  await db.schema.createIndex("pictures_unattached").on("pictures").columns(["goods_id", "created_at"]).execute();

  await withIdColumn(db, db.schema.createTable("comments"))
    .addColumn("goods_id", "integer", (col) => col.notNull().references("goods.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("reply_to_id", "integer", (col) => col.references("comments.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("comments_goods").on("comments").columns(["goods_id", "id"]).execute();

  await db.schema
    .createTable("favorites")
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("goods_id", "integer", (col) => col.notNull().references("goods.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("favorites_pk", ["user_id", "goods_id"])
    .execute();
  await db.schema.createIndex("favorites_user_time").on("favorites").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("favorites_goods").on("favorites").column("goods_id").execute();

  if (dialectOf(db) === "sqlite") await createSqliteSearch(db);
  else await createPostgresSearch(db);
}

/** FTS5 with the trigram tokenizer: substring matches in any script, Chinese included. */
async function createSqliteSearch(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE goods_fts USING fts5(
    title, description, content='goods', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`CREATE TRIGGER goods_fts_insert AFTER INSERT ON goods BEGIN
    INSERT INTO goods_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
  END`.execute(db);
  await sql`CREATE TRIGGER goods_fts_delete AFTER DELETE ON goods BEGIN
    INSERT INTO goods_fts(goods_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
  END`.execute(db);
  await sql`CREATE TRIGGER goods_fts_update AFTER UPDATE OF title, description ON goods BEGIN
    INSERT INTO goods_fts(goods_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
    INSERT INTO goods_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
  END`.execute(db);
}

/** pg_trgm GIN indexes serve ILIKE '%word%' for words of three characters and more. */
async function createPostgresSearch(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX goods_title_trgm ON goods USING gin (title gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX goods_description_trgm ON goods USING gin (description gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "sqlite") await sql`DROP TABLE goods_fts`.execute(db);
  for (const table of ["favorites", "comments", "pictures", "goods_stats", "goods"]) {
    await db.schema.dropTable(table).execute();
  }
}
