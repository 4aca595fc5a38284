import type { Compilable, CompiledQuery } from "kysely";
import { type DbOrTx, type Dialect, dialectOf } from "./database.js";
import { nameStatement } from "./postgres-pool.js";

/** Stands where a value goes while the query is built; the named argument takes its place on each run. */
class Slot {
  constructor(readonly name: PropertyKey) {}
}

/**
 * `slot("id")` where the query takes a value (`slot(0)` when the arguments are an array): typed
 * as the value, so the builder checks it as one.
 */
export type Slots<Params> = <Name extends keyof Params>(name: Name) => Params[Name];

const slot = ((name: PropertyKey) => new Slot(name)) as Slots<Record<PropertyKey, unknown>>;

interface Compiled {
  query: CompiledQuery;
  /** The compiled parameters: slots to fill, and values the builder fixed. */
  parameters: readonly unknown[];
}

/** Distinct shapes kept per query; past it the oldest is dropped (a shape is one compile away). */
const SHAPES_MAX = 200;

/**
 * A query built with Kysely and compiled once per database dialect and shape, then run with new
 * values in its named slots. Building and compiling a query (and the camel-case plugin rewriting
 * it) costs more than SQLite takes to answer a hot read, on every request. Results still pass
 * through the plugins, so rows come camel-cased as from any Kysely query. On PostgreSQL the SQL is
 * also run as a named prepared statement, parsed and planned once per connection.
 *
 * `shapeKey` names what changes the SQL itself (which filters are present, how many ids): each
 * shape compiles once. `planEachRun` keeps a query out of the named statements: PostgreSQL then
 * plans it for each run's values, for a query whose best plan depends on them (a plan made for an
 * average user reads all the rows of a user who has thousands).
 */
export function preparedQueries<Params, Row, Shape>(
  build: (db: DbOrTx, slot: Slots<Params>, shape: Shape) => Compilable<Row>,
  shapeKey: (shape: Shape) => string,
  { planEachRun = false } = {},
) {
  const compiled = new Map<string, Compiled>();
  const compile = (db: DbOrTx, dialect: Dialect, key: string, shape: Shape): Compiled => {
    const query = build(db, slot as Slots<Params>, shape).compile();
    if (!planEachRun) nameStatement(query.sql);
    if (compiled.size >= SHAPES_MAX) compiled.delete(compiled.keys().next().value as string);
    const entry = { query, parameters: query.parameters };
    compiled.set(`${dialect}:${key}`, entry);
    return entry;
  };
  return {
    async execute(db: DbOrTx, shape: Shape, params: Params): Promise<Row[]> {
      const dialect = dialectOf(db);
      const key = shapeKey(shape);
      const { query, parameters } = compiled.get(`${dialect}:${key}`) ?? compile(db, dialect, key, shape);
      const values = parameters.map((value) => (value instanceof Slot ? params[value.name as keyof Params] : value));
      const result = await db.executeQuery<Row>({ ...query, parameters: values } as CompiledQuery<Row>);
      return result.rows;
    },
  };
}

/** A query of one shape: see `preparedQueries`. */
export function preparedQuery<Params, Row>(build: (db: DbOrTx, slot: Slots<Params>) => Compilable<Row>) {
  const queries = preparedQueries<Params, Row, undefined>(
    (db, slot) => build(db, slot),
    () => "",
  );
  return { execute: (db: DbOrTx, params: Params) => queries.execute(db, undefined, params) };
}
