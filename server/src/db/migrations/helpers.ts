import type { CreateTableBuilder, Kysely } from "kysely";
import { dialectOf } from "../database.js";

/** An auto-numbered integer primary key: the one column whose DDL differs between the databases. */
export function withIdColumn<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return dialectOf(db) === "postgres"
    ? table.addColumn("id", "serial", (col) => col.primaryKey())
    : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement());
}
