import { sql } from "kysely";
import pg from "pg";
import { type DbOrTx, dialectOf, type PostgresPlace, postgresPlaceOf } from "../../db/database.js";

/**
 * Which listed goods changed (posted, edited, repriced, favourited, sold, deleted), as what the
 * server holds in memory about goods (match-sets.ts) must hear of it, in every server process.
 */
export interface GoodsChanges {
  /**
   * The goods changed since the last call, by every commit made before this call began; "all"
   * when that cannot be told (the first call, a log read too late, a lost connection), for the
   * caller to forget what it holds.
   */
  changedSince(): Promise<number[] | "all">;
}

/** Changes read at most at a time; past it the caller forgets everything. */
export const CHANGES_READ_MAX = 2000;

/**
 * SQLite: the log of changed goods written by triggers (migrations 0027, 0030, 0031), read by
 * sequence number. SQLite has one writer, so the numbers are in the order of the commits.
 */
class SqliteGoodsChanges implements GoodsChanges {
  #cursor: number | undefined;

  constructor(private readonly db: DbOrTx) {}

  async changedSince(): Promise<number[] | "all"> {
    if (this.#cursor === undefined) {
      const { rows } = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = 'word_changes'`.execute(
        this.db,
      );
      this.#cursor = rows[0]?.seq ?? 0;
      return "all";
    }
    const { rows } = await sql<{ seq: number; goodsId: number }>`SELECT seq, goods_id FROM word_changes
      WHERE seq > ${this.#cursor} ORDER BY seq LIMIT ${CHANGES_READ_MAX + 1}`.execute(this.db);
    const first = rows[0];
    const last = rows.at(-1);
    if (!first || !last) return [];
    // Past the log's end (its oldest rows are dropped) or too many: start afresh.
    const lost = first.seq !== this.#cursor + 1 || rows.length > CHANGES_READ_MAX;
    this.#cursor = last.seq;
    return lost ? "all" : [...new Set(rows.map((row) => row.goodsId))];
  }
}

/**
 * PostgreSQL: sequence numbers there are taken before commit, so a log read by them can miss a
 * change committed late with an early number. The triggers of migration 0032 NOTIFY the ids
 * instead, which PostgreSQL delivers in the order of the commits to every session that LISTENs.
 * This one listens on a connection of its own, and asks it a question before each read: PostgreSQL
 * sends a session what it was notified of before it answers (postgres.c, before ReadyForQuery),
 * so every change committed before the question is then in hand.
 */
class PostgresGoodsChanges implements GoodsChanges {
  #client: pg.Client | undefined;
  #changed = new Set<number>();
  #lost = true;
  #closed = false;
  readonly #ended = new WeakSet<pg.Client>();

  constructor(private readonly postgres: PostgresPlace) {
    postgres.beforeClose(() => {
      this.#closed = true;
      this.#drop(this.#client);
    });
  }

  async changedSince(): Promise<number[] | "all"> {
    if (this.#closed) return "all";
    const client = this.#client ?? (await this.#listen());
    try {
      await client.query("SELECT 1");
    } catch {
      // The connection went down: what it missed is unknown, so everything held is forgotten.
      this.#drop(client);
      return "all";
    }
    const lost = this.#lost || this.#changed.size > CHANGES_READ_MAX;
    const changed = [...this.#changed];
    this.#changed.clear();
    this.#lost = false;
    return lost ? "all" : changed;
  }

  async #listen(): Promise<pg.Client> {
    // Apart from the pool: it is never given back, and a pool of one would have nothing left.
    const client = new pg.Client({ connectionString: this.postgres.connectionString, keepAlive: true });
    // A connection lost takes what it was told with it: everything held is forgotten.
    client.on("error", () => this.#drop(client));
    client.on("end", () => this.#drop(client));
    client.on("notification", ({ channel, payload }) => {
      if (channel !== "goods_changes" || !payload) return;
      const [schema, ids] = payload.split(" ", 2);
      if (schema !== this.postgres.schema || ids === undefined) return;
      if (ids === "*") this.#lost = true;
      else for (const id of ids.split(",")) this.#changed.add(Number(id));
    });
    try {
      await client.connect();
      // Named, so that an operator (and a test) can tell it in pg_stat_activity.
      await client.query(`SET application_name = 'xianzhi goods changes ${this.postgres.schema}'`);
      await client.query("LISTEN goods_changes");
    } catch (error) {
      this.#drop(client);
      throw error;
    }
    this.#client = client;
    this.#lost = true;
    // The database closed while this connected: it closes too.
    if (this.#closed) this.#drop(client);
    return client;
  }

  /** Closes the connection, once. */
  #drop(client: pg.Client | undefined): void {
    this.#lost = true;
    if (client === this.#client) this.#client = undefined;
    if (!client || this.#ended.has(client)) return;
    this.#ended.add(client);
    client.end().catch(() => {});
  }
}

/** The changes of this database's goods, read the way its kind of database allows. */
export function goodsChangesOf(db: DbOrTx): GoodsChanges {
  const postgres = dialectOf(db) === "postgres" ? postgresPlaceOf(db) : undefined;
  return postgres ? new PostgresGoodsChanges(postgres) : new SqliteGoodsChanges(db);
}
