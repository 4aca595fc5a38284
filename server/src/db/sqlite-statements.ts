import type SqliteDatabase from "better-sqlite3";
import type { SqliteDatabase as KyselySqliteDatabase, UnknownRow } from "kysely";

/** Enough for every distinct query the app sends; past it the oldest statement is dropped. */
const STATEMENT_CACHE_SIZE = 500;

type KyselySqliteStatement = ReturnType<KyselySqliteDatabase["prepare"]> & { readonly busy: boolean };
type Prepare = (sql: string) => KyselySqliteStatement;

/**
 * Kysely prepares every query it runs; preparing costs SQLite a parse and a plan each time. Each
 * SQL text is prepared once here and its statement reused. A statement still being iterated
 * (a streamed query) is busy and cannot run again meanwhile, so such a query gets a fresh one.
 * Rows are made by camelCaseRows, with the names `rowName` gives each column; a `LIMIT ?` runs
 * as written out (withLimitsWritten).
 */
export function withStatementCache(
  sqlite: SqliteDatabase.Database,
  rowName: (column: string) => string,
): KyselySqliteDatabase {
  const statements = new Map<string, KyselySqliteStatement>();
  const prepareNew: Prepare = (sql) => camelCaseRows(sqlite.prepare(sql), rowName);
  const prepare: Prepare = (sql) => {
    const cached = statements.get(sql);
    if (cached && !cached.busy) return cached;
    const statement = withLimitsWritten(sql, prepare, prepareNew) ?? prepareNew(sql);
    if (cached) return statement;
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
    statements.set(sql, statement);
    return statement;
  };
  return { prepare, close: () => sqlite.close() };
}

/** Limits written out per statement at most; a page size is one of a few. */
const WRITTEN_LIMITS_MAX = 100;

/**
 * A statement whose `LIMIT ?` values are written into its SQL before it runs, each distinct text
 * prepared once. SQLite's planner reads a bound LIMIT's value, and so marks the statement to be
 * prepared anew whenever that parameter is bound: every run of a page query would parse and plan
 * it again (a list page twice as slow). Values that are not whole numbers stay bound.
 */
function withLimitsWritten(sql: string, prepare: Prepare, prepareNew: Prepare): KyselySqliteStatement | undefined {
  const { pieces, slots } = splitAtLimits(sql);
  if (slots.length === 0) return undefined;
  // As written, for limits that cannot be written out: prepared anew on every run, as SQLite would.
  const asWritten = prepareNew(sql);
  const written = new Map<string, string>();
  const statementFor = (parameters: readonly unknown[]) => {
    const limits = slots.map((slot) => parameters[slot]);
    if (!limits.every((limit) => Number.isSafeInteger(limit))) {
      return { statement: asWritten.busy ? prepareNew(sql) : asWritten, parameters };
    }
    const key = limits.join(",");
    let text = written.get(key);
    if (text === undefined) {
      text = pieces.map((piece, i) => (i === 0 ? piece : `${limits[i - 1]}${piece}`)).join("");
      if (written.size >= WRITTEN_LIMITS_MAX) written.delete(written.keys().next().value as string);
      written.set(key, text);
    }
    const rest = parameters.filter((_, i) => !slots.includes(i));
    return { statement: prepare(text), parameters: rest };
  };
  return {
    reader: asWritten.reader,
    busy: false,
    all(parameters) {
      const run = statementFor(parameters);
      return run.statement.all(run.parameters);
    },
    run(parameters) {
      const run = statementFor(parameters);
      return run.statement.run(run.parameters);
    },
    iterate(parameters) {
      const run = statementFor(parameters);
      return run.statement.iterate(run.parameters);
    },
  };
}

/**
 * The SQL cut at each `?` that follows LIMIT, and those parameters' places among all its `?`.
 * Quoted strings and names are skipped: a `?` in them is no parameter.
 */
export function splitAtLimits(sql: string): { pieces: string[]; slots: number[] } {
  const pieces: string[] = [];
  const slots: number[] = [];
  let parameter = 0;
  let pieceStart = 0;
  let quote: string | undefined;
  for (let i = 0; i < sql.length; i++) {
    const char = sql[i];
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"' || char === "`") {
      quote = char;
    } else if (char === "?") {
      if (/\blimit\s*$/i.test(sql.slice(Math.max(0, i - 12), i))) {
        pieces.push(sql.slice(pieceStart, i));
        pieceStart = i + 1;
        slots.push(parameter);
      }
      parameter += 1;
    }
  }
  pieces.push(sql.slice(pieceStart));
  return { pieces, slots };
}

/**
 * A statement whose rows are read as arrays and made into objects by a function compiled once
 * for its columns, with the names the app reads. better-sqlite3 sets each column of each row on
 * its object one by one, which costs a page of goods more than SQLite takes to find it, and the
 * camel-case plugin would then copy every row again to rename its columns.
 */
function camelCaseRows(
  statement: SqliteDatabase.Statement,
  rowName: (column: string) => string,
): KyselySqliteStatement {
  if (!statement.reader) return statement as unknown as KyselySqliteStatement;
  statement.raw(true);
  // Keys are JSON strings, indexes numbers: nothing of the column names runs as code. A name
  // given twice keeps its last column, as an object literal does and better-sqlite3 did.
  const fields = statement.columns().map((column, i) => `${JSON.stringify(rowName(column.name))}: row[${i}]`);
  const toRow = new Function("row", `return { ${fields.join(", ")} };`) as (row: unknown[]) => UnknownRow;
  return {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all: (parameters: readonly unknown[]) => (statement.all(parameters) as unknown[][]).map(toRow),
    run: (parameters: readonly unknown[]) => statement.run(parameters),
    *iterate(parameters: readonly unknown[]) {
      for (const row of statement.iterate(parameters) as IterableIterator<unknown[]>) yield toRow(row);
    },
  };
}
