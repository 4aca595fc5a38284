import type { Kysely } from "kysely";
import { withIdColumn } from "./helpers.js";

/**
 * 通行密钥 (passkeys, WebAuthn): each account's keys with their counters and backup state, the
 * account's WebAuthn user handle and its 仅通行密钥登录 switch, the one-use challenges of the
 * ceremonies in flight, and which kind of proof a session last gave (switching passkey-only on
 * needs a passkey's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("passkey_accounts")
    .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    // Random, so a passkey names no account to anyone but this site.
    .addColumn("user_handle", "text", (col) => col.notNull().unique())
    // Null while password sign-in is allowed.
    .addColumn("passkey_only_at", "text")
    .execute();

  await withIdColumn(db, db.schema.createTable("passkeys"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("credential_id", "text", (col) => col.notNull().unique())
    .addColumn("public_key", "text", (col) => col.notNull())
    // The signature counter last seen: an answer with one not above it comes from a copy of the key.
    .addColumn("counter", "bigint", (col) => col.notNull())
    .addColumn("transports", "text", (col) => col.notNull())
    .addColumn("device_type", "text", (col) => col.notNull())
    .addColumn("backed_up", "integer", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("passkeys_user").on("passkeys").column("user_id").execute();

  await db.schema
    .createTable("webauthn_challenges")
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    .addColumn("challenge", "text", (col) => col.notNull())
    .addColumn("purpose", "text", (col) => col.notNull())
    // The session a registration or a proof belongs to; null for a sign-in.
    .addColumn("session_id", "integer")
    // The account a sign-in with a user name first, or a registration, is for.
    .addColumn("user_id", "integer")
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("webauthn_challenges_expires_at")
    .on("webauthn_challenges")
    .column("expires_at")
    .execute();

  await db.schema.alterTable("sessions").addColumn("proven_by", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("proven_by").execute();
  for (const table of ["webauthn_challenges", "passkeys", "passkey_accounts"]) {
    await db.schema.dropTable(table).execute();
  }
}
