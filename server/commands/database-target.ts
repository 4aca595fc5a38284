import { sql } from "kysely";
import type { Config } from "../src/config.js";
import { type Db, dialectOf } from "../src/db/database.js";

/** What the commands say the data is, and where the refusal of a distant database looks. */
export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `SQLite in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL ${postgresHost(url) || "(local socket)"}${url.pathname}`;
}

/** The host a PostgreSQL address names: in its authority, or a socket folder in `?host=`. */
function postgresHost(url: URL): string {
  return url.searchParams.get("host") ?? url.hostname;
}

/**
 * A database on this machine: SQLite, or PostgreSQL over a local socket or a loopback address.
 * Anything else may be someone's real data, which a command that wipes or fills a database leaves
 * alone unless told --force.
 */
export function isLocalDatabase(config: Config): boolean {
  if (!config.databaseUrl) return true;
  const host = postgresHost(new URL(config.databaseUrl));
  return host === "" || host.startsWith("/") || host === "localhost" || host === "[::1]" || /^127\./.test(host);
}

/**
 * Drops every table of the database (on PostgreSQL, of the schema it works in, and the functions
 * the migrations made there, never an extension's), so the migrations can start again.
 */
export async function dropEverything(db: Db): Promise<void> {
  if (dialectOf(db) === "sqlite") {
    const { rows } = await sql<{ name: string; virtual: number }>`
      SELECT name, sql LIKE 'CREATE VIRTUAL TABLE%' AS virtual FROM sqlite_master
      WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db);
    // A full-text table goes first: its shadow tables go with it.
    rows.sort((a, b) => b.virtual - a.virtual);
    await sql`PRAGMA foreign_keys = OFF`.execute(db);
    for (const { name } of rows) await sql`DROP TABLE IF EXISTS ${sql.id(name)}`.execute(db);
    await sql`PRAGMA foreign_keys = ON`.execute(db);
    await sql`VACUUM`.execute(db);
    return;
  }
  const { rows } = await sql<{ statement: string }>`
    SELECT format('DROP TABLE IF EXISTS %I.%I CASCADE', schemaname, tablename) AS statement
    FROM pg_tables WHERE schemaname = current_schema()
    UNION ALL
    SELECT format('DROP FUNCTION IF EXISTS %s CASCADE', p.oid::regprocedure)
    FROM pg_proc p
    WHERE p.pronamespace = current_schema()::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`.execute(db);
  await db.transaction().execute(async (tx) => {
    for (const { statement } of rows) await sql.raw(statement).execute(tx);
  });
}
