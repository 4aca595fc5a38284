import { sql } from "kysely";
import type { DatabaseTarget, Db } from "../db/database.js";
import type { DeclaredRoute } from "../plugins/declared-routes.js";
import { createTestApp, type TestApp } from "./test-app.js";

/**
 * A test app and every /api route it registered, with its declaration (`app.apiRoutes`): a route
 * added tomorrow is in this list without anyone editing a test.
 */
export async function createTestAppWithRoutes(
  env: Record<string, string> = {},
): Promise<TestApp & { routes: DeclaredRoute[] }> {
  const t = await createTestApp(env);
  return { ...t, routes: [...t.app.apiRoutes].sort((a, b) => a.key.localeCompare(b.key)) };
}

/** Fills a route's path parameters (":id", ":goodsId") with the given raw, already encoded text. */
export function pathWith(url: string, value: (name: string) => string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => value(name));
}

/** Rows in every table of the app's database, to tell that a request wrote nothing. */
export async function countRows(db: Db, database: DatabaseTarget): Promise<Record<string, number>> {
  const tables = (await tableNames(db, database)).filter((name) => !name.startsWith("kysely_"));
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      // biome-ignore lint/suspicious/noExplicitAny: every table of the database, whatever its type
      .selectFrom(table as any)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/**
 * The tables of the test's own database or schema. Kysely's introspection reads every schema of the
 * PostgreSQL database, and fails when another test file drops its schema at that moment.
 */
async function tableNames(db: Db, database: DatabaseTarget): Promise<string[]> {
  if (!database.postgresSchema) return (await db.introspection.getTables()).map((table) => table.name);
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = ${database.postgresSchema} AND table_type = 'BASE TABLE'`.execute(db);
  return rows.map((row) => row.name);
}
