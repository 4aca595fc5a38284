import type { Kysely } from "kysely";
import { withIdColumn } from "./helpers.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("users"))
    .addColumn("username", "text", (col) => col.notNull())
    .addColumn("username_lower", "text", (col) => col.notNull().unique())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("nickname", "text", (col) => col.notNull())
    .addColumn("avatar_url", "text")
    .addColumn("bio", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable("sessions"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_at").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("captchas")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("answer", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("captchas_expires_at").on("captchas").column("expires_at").execute();

  await db.schema
    .createTable("captcha_tickets")
    .addColumn("ticket_hash", "text", (col) => col.primaryKey())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("captcha_tickets_expires_at").on("captcha_tickets").column("expires_at").execute();

  await withIdColumn(db, db.schema.createTable("email_codes"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("code_hash", "text", (col) => col.notNull())
    .addColumn("tries", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("email_codes_email_purpose").on("email_codes").columns(["email", "purpose"]).execute();
  await db.schema.createIndex("email_codes_expires_at").on("email_codes").column("expires_at").execute();

  await db.schema
    .createTable("email_tickets")
    .addColumn("ticket_hash", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("email_tickets_expires_at").on("email_tickets").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["email_tickets", "email_codes", "captcha_tickets", "captchas", "sessions", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
