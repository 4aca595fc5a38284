import { type CreateTableBuilder, type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";

/** An auto-numbered integer primary key: the one column whose DDL differs between the databases. */
export function withIdColumn<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return dialectOf(db) === "postgres"
    ? table.addColumn("id", "serial", (col) => col.primaryKey())
    : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement());
}

/** A row trigger: after `event` on the table (`UPDATE OF a, b` too), under `when`, runs `change`. */
export interface RowTrigger {
  name: string;
  event: string;
  /** A condition on NEW and OLD; the trigger runs for every row without one. */
  when?: string;
  /** Statements ending in ";", reading NEW and OLD. */
  change: string;
}

/** Row triggers on `table`, the same on both databases: PostgreSQL runs each change as a function of its name. */
export async function createRowTriggers(db: Kysely<unknown>, table: string, triggers: RowTrigger[]): Promise<void> {
  for (const { name, event, when, change } of triggers) {
    if (dialectOf(db) === "sqlite") {
      await sql
        .raw(`CREATE TRIGGER ${name} AFTER ${event} ON ${table}${when ? ` WHEN ${when}` : ""} BEGIN ${change} END`)
        .execute(db);
    } else {
      await sql
        .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${change} RETURN NULL; END $$`)
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ROW${when ? ` WHEN (${when})` : ""} EXECUTE FUNCTION ${name}()`,
        )
        .execute(db);
    }
  }
}

export async function dropRowTriggers(db: Kysely<unknown>, table: string, triggers: RowTrigger[]): Promise<void> {
  for (const { name } of triggers) {
    if (dialectOf(db) === "sqlite") await sql.raw(`DROP TRIGGER ${name}`).execute(db);
    else {
      await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
    }
  }
}
