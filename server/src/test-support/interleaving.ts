import type { KyselyPlugin, QueryId } from "kysely";

/** How long others get to run after a write: long enough for a read on SQLite's reader threads. */
const TURN_AFTER_WRITE_MS = 2;

const writes = new WeakSet<QueryId>();

/**
 * Lets every other request run after each statement, as requests side by side do on PostgreSQL's
 * several connections: on SQLite's one connection a request would otherwise often run from one
 * statement to the next without a turn for anyone else, and a race test would pass with the
 * transaction that decides the race taken away. After a write the others get a few milliseconds
 * (a reader between two writes that belong together sees the first without the second, unless a
 * transaction holds them); after a read, one turn of the event loop. A transaction holds SQLite's
 * connection across these turns, so what it does stays whole; statements outside one interleave
 * with the others'. For race tests (createTestApp's `databasePlugins`), on both databases.
 */
export const interleaveStatements: KyselyPlugin = {
  transformQuery: ({ node, queryId }) => {
    if (node.kind !== "SelectQueryNode") writes.add(queryId);
    return node;
  },
  transformResult: async ({ result, queryId }) => {
    await new Promise((resolve) =>
      writes.has(queryId) ? setTimeout(resolve, TURN_AFTER_WRITE_MS) : setImmediate(resolve),
    );
    return result;
  },
};
