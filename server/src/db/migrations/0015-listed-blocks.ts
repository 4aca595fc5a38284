import { type Kysely, sql } from "kysely";
import { createRowTriggers, dropRowTriggers, type RowTrigger } from "./helpers.js";

/** Goods ids per block: 2^10. A deep page walks at most this many index entries past its blocks. */
export const BLOCK_SHIFT = 10;
/** The category under which a block counts the listed goods of every category. */
export const EVERY_CATEGORY = "*";

/**
 * Adds `delta` to the counts of a goods row's blocks: that of all, then its category's. Every
 * change takes the rows of a block in this order, so two PostgreSQL transactions never each hold
 * one the other waits for.
 */
const countRow = (row: string, delta: number) =>
  `INSERT INTO listed_blocks (category, block, listed_count) VALUES
     ('${EVERY_CATEGORY}', ${row}.id >> ${BLOCK_SHIFT}, ${delta}), (${row}.category, ${row}.id >> ${BLOCK_SHIFT}, ${delta})
   ON CONFLICT (category, block) DO UPDATE SET listed_count = listed_blocks.listed_count + excluded.listed_count;`;

/** Each change of the goods that moves a listed row in or out of the counts, and what it does. */
const TRIGGERS: RowTrigger[] = [
  { name: "listed_blocks_insert", event: "INSERT", when: "NEW.listed = 1", change: countRow("NEW", 1) },
  { name: "listed_blocks_delete", event: "DELETE", when: "OLD.listed = 1", change: countRow("OLD", -1) },
  {
    name: "listed_blocks_leave",
    event: "UPDATE OF listed, category",
    when: "OLD.listed = 1",
    change: countRow("OLD", -1),
  },
  {
    name: "listed_blocks_join",
    event: "UPDATE OF listed, category",
    when: "NEW.listed = 1",
    change: countRow("NEW", 1),
  },
];

/** The whole table's counts, from the goods as they are (the migration, and bulk loads). */
export const COUNT_LISTED_BLOCKS = `INSERT INTO listed_blocks (category, block, listed_count)
  SELECT category, id >> ${BLOCK_SHIFT}, COUNT(*) FROM goods WHERE listed = 1 GROUP BY category, id >> ${BLOCK_SHIFT}
  UNION ALL
  SELECT '${EVERY_CATEGORY}', id >> ${BLOCK_SHIFT}, COUNT(*) FROM goods WHERE listed = 1 GROUP BY id >> ${BLOCK_SHIFT}`;

/**
 * Listed goods counted per block of 1,024 ids, per category and for all, kept by triggers in the
 * transaction that changes the goods. A list page newest first, however deep, sums the blocks
 * from the newest down to the one its first row is in, then walks that block alone: page 1,000
 * reads some twenty counts and at most 1,024 index entries instead of 20,000. The counts are
 * read in the same statement as the page, so a goods posted meanwhile is in both or in neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE listed_blocks (
    category TEXT NOT NULL, block INTEGER NOT NULL, listed_count INTEGER NOT NULL,
    PRIMARY KEY (category, block))`.execute(db);
  await sql.raw(COUNT_LISTED_BLOCKS).execute(db);
  await createRowTriggers(db, "goods", TRIGGERS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTriggers(db, "goods", TRIGGERS);
  await sql`DROP TABLE listed_blocks`.execute(db);
}
