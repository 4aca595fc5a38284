/**
 * The search's floor: the SQL statements one search request issues, captured once through a Kysely
 * log hook while the service answers the query in this process, then replayed straight on the
 * database driver (better-sqlite3 statements prepared once; a pg client per request, statements in
 * the order captured, transactions and SET LOCAL included). What the replay takes is what the
 * database engine needs for the request; the rest of the HTTP time is the server's own.
 */
import { GoodsSearchQuerySchema } from "@xianzhi/contract";
import SqliteDatabase from "better-sqlite3";
import { CamelCasePlugin, Kysely, type LogEvent, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { type DatabaseTarget, type Db, registerSqliteFunctions } from "../src/db/database.js";
import type { DB } from "../src/db/schema.js";
import { searchGoods } from "../src/features/goods/index.js";

/** One statement as the driver receives it. */
export interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

/** A request's statements, replayed once. */
export type Replay = () => Promise<void>;

export interface Floor {
  /** The statements the search for `keyword` issues (default sort, page 1). */
  capture(keyword: string): Promise<Statement[]>;
  replayer(statements: Statement[]): Replay;
  close(): Promise<void>;
}

/** A Kysely over its own connection whose log hook records every statement while `recording`. */
function capturingDb(target: DatabaseTarget, recorded: Statement[]): Db {
  const log = (event: LogEvent) => {
    recorded.push({ sql: event.query.sql, parameters: event.query.parameters });
  };
  const plugins = [new CamelCasePlugin()];
  if (target.postgresUrl) {
    const pool = new pg.Pool({ connectionString: target.postgresUrl, options: searchPath(target), max: 1 });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins, log });
  }
  const sqlite = new SqliteDatabase(target.sqliteFile as string);
  registerSqliteFunctions(sqlite);
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), plugins, log });
}

const searchPath = (target: DatabaseTarget) => `-c search_path=${target.postgresSchema},public`;

/** The floor of a database; `connections` pg clients at most (one SQLite connection, as the server has). */
export function openFloor(target: DatabaseTarget, connections: number): Floor {
  const recorded: Statement[] = [];
  const db = capturingDb(target, recorded);
  const capture = async (keyword: string) => {
    recorded.length = 0;
    await searchGoods({ db }, GoodsSearchQuerySchema.parse({ keyword }));
    const statements = [...recorded];
    if (statements.length === 0) throw new Error("the search issued no statement through Kysely: nothing to replay");
    return statements;
  };

  if (target.postgresUrl) {
    const pool = new pg.Pool({ connectionString: target.postgresUrl, options: searchPath(target), max: connections });
    return {
      capture,
      replayer: (statements) => async () => {
        const client = await pool.connect();
        try {
          for (const statement of statements) await client.query(statement.sql, [...statement.parameters]);
        } finally {
          client.release();
        }
      },
      close: async () => {
        await db.destroy();
        await pool.end();
      },
    };
  }

  const sqlite = new SqliteDatabase(target.sqliteFile as string, { readonly: true });
  registerSqliteFunctions(sqlite);
  const prepared = new Map<string, SqliteDatabase.Statement>();
  const prepare = (text: string) => {
    let statement = prepared.get(text);
    if (!statement) {
      statement = sqlite.prepare(text);
      prepared.set(text, statement);
    }
    return statement;
  };
  return {
    capture,
    replayer: (statements) => async () => {
      for (const statement of statements) {
        const prepared = prepare(statement.sql);
        if (prepared.reader) prepared.all(...statement.parameters);
        else prepared.run(...statement.parameters);
        // The server awaits between statements too: other requests' statements run in between.
        await null;
      }
    },
    close: async () => {
      await db.destroy();
      sqlite.close();
    },
  };
}
