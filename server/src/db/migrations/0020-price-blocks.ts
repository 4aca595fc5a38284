import { type Kysely, sql } from "kysely";
import { EVERY_CATEGORY } from "./0015-listed-blocks.js";
import { createRowTriggers, dropRowTriggers, type RowTrigger } from "./helpers.js";

/** Prices per block: 2^10 cents, ¥10.24. */
export const PRICE_SHIFT = 10;

/**
 * Adds each listed row's part to the counts of its price block, that of all goods and its
 * category's: +1 for a row listed now (`NEW`), -1 for one listed before (`OLD`). A row that stays
 * in its block (a title edited) adds 0 and writes nothing. The counts are written in the order of
 * their key, whatever the change: two PostgreSQL transactions moving goods between the same two
 * blocks in opposite directions lock them in the same order, and never each wait for the other.
 */
function countRows(rows: { row: "NEW" | "OLD"; sign: 1 | -1 }[]): string {
  const parts = rows.flatMap(({ row, sign }) => {
    const block = `${row}.price_cents >> ${PRICE_SHIFT}`;
    const delta = `${sign === 1 ? "" : "-"}${row}.listed`;
    return [
      `SELECT '${EVERY_CATEGORY}' AS category, ${block} AS block, ${delta} AS delta`,
      `SELECT ${row}.category, ${block}, ${delta}`,
    ];
  });
  // WHERE true: SQLite reads an ON right after a FROM as a join's.
  return `INSERT INTO price_blocks (category, block, listed_count)
    SELECT category, block, SUM(delta) FROM (${parts.join(" UNION ALL ")}) AS change WHERE true
    GROUP BY category, block HAVING SUM(delta) <> 0 ORDER BY block, category
    ON CONFLICT (category, block) DO UPDATE SET listed_count = price_blocks.listed_count + excluded.listed_count;`;
}

/** Each change of the goods that can move a listed row between price blocks, and what it does. */
const TRIGGERS: RowTrigger[] = [
  {
    name: "price_blocks_insert",
    event: "INSERT",
    when: "NEW.listed = 1",
    change: countRows([{ row: "NEW", sign: 1 }]),
  },
  {
    name: "price_blocks_delete",
    event: "DELETE",
    when: "OLD.listed = 1",
    change: countRows([{ row: "OLD", sign: -1 }]),
  },
  {
    name: "price_blocks_update",
    event: "UPDATE OF listed, category, price_cents",
    when: "OLD.listed = 1 OR NEW.listed = 1",
    change: countRows([
      { row: "OLD", sign: -1 },
      { row: "NEW", sign: 1 },
    ]),
  },
];

/** The whole table's counts, from the goods as they are (the migration, and bulk loads). */
export const COUNT_PRICE_BLOCKS = `INSERT INTO price_blocks (category, block, listed_count)
  SELECT category, price_cents >> ${PRICE_SHIFT}, COUNT(*) FROM goods WHERE listed = 1
  GROUP BY category, price_cents >> ${PRICE_SHIFT}
  UNION ALL
  SELECT '${EVERY_CATEGORY}', price_cents >> ${PRICE_SHIFT}, COUNT(*) FROM goods WHERE listed = 1
  GROUP BY price_cents >> ${PRICE_SHIFT}`;

/**
 * Listed goods counted per price block (¥10.24 wide), per category and for all, kept by triggers
 * in the transaction that changes the goods, as 0015 counts them per block of ids. A deep page in
 * price order, with or without a price range, sums the blocks from the range's start up to the one
 * its first row is in, then walks that block alone: page 1,000 of ¥1,000-5,000 reads some fifty
 * counts and a few hundred index entries instead of 20,000.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE price_blocks (
    category TEXT NOT NULL, block INTEGER NOT NULL, listed_count INTEGER NOT NULL,
    PRIMARY KEY (category, block))`.execute(db);
  await sql.raw(COUNT_PRICE_BLOCKS).execute(db);
  await createRowTriggers(db, "goods", TRIGGERS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, "goods", TRIGGERS);
  await sql`DROP TABLE price_blocks`.execute(db);
}
