/**
 * A reader thread (sqlite-readers.ts): read-only connections to the app's SQLite files, one per
 * database the main thread opened, each with the main connection's statement cache and row names.
 * WAL lets them read while the main connection writes; each statement reads the last commit.
 */
import { parentPort } from "node:worker_threads";
import SqliteDatabase from "better-sqlite3";
import type { SqliteDatabase as KyselySqliteDatabase, UnknownRow } from "kysely";
import { RememberingCamelCasePlugin } from "./camel-case.js";
import type { ReaderReply, ReaderRequest } from "./sqlite-readers.js";
import { withStatementCache } from "./sqlite-statements.js";

interface Reader {
  sqlite: SqliteDatabase.Database;
  statements: KyselySqliteDatabase;
}

const readers = new Map<number, Reader>();
const camelCase = new RememberingCamelCasePlugin();
const rowName = (column: string) => camelCase.camelCaseName(column);

function readerOf(sourceId: number, file: string): Reader {
  let reader = readers.get(sourceId);
  if (!reader) {
    const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    sqlite.pragma("busy_timeout = 5000");
    reader = { sqlite, statements: withStatementCache(sqlite, rowName) };
    readers.set(sourceId, reader);
  }
  return reader;
}

function answer(request: Extract<ReaderRequest, { type: "query" }>): ReaderReply {
  try {
    const { statements } = readerOf(request.sourceId, request.file);
    return { id: request.id, rows: statements.prepare(request.sql).all(request.parameters) as UnknownRow[] };
  } catch (error) {
    const { message, code } = error as { message?: string; code?: unknown };
    return {
      id: request.id,
      error: { message: String(message ?? error), code: typeof code === "string" ? code : undefined },
    };
  }
}

parentPort?.on("message", (request: ReaderRequest) => {
  if (request.type === "close") {
    readers.get(request.sourceId)?.sqlite.close();
    readers.delete(request.sourceId);
    return;
  }
  parentPort?.postMessage(answer(request));
});
