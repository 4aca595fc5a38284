import { type Migration, Migrator, sql } from "kysely";
import { analyzeAfterBulkLoad, type Db, dialectOf } from "./database.js";
import * as accounts from "./migrations/0001-accounts.js";
import * as goods from "./migrations/0002-goods.js";
import * as wordSearch from "./migrations/0003-word-search.js";
import * as chat from "./migrations/0004-chat.js";
import * as chatReadMarks from "./migrations/0005-chat-read-marks.js";
import * as loginFailures from "./migrations/0006-login-failures.js";
import * as pictureBytes from "./migrations/0007-picture-bytes.js";
import * as ownAvatars from "./migrations/0008-own-avatars.js";
import * as conditionIndex from "./migrations/0009-condition-index.js";
import * as listedSearch from "./migrations/0010-listed-search.js";
import * as favoritesNewest from "./migrations/0011-favorites-newest.js";
import * as chatActivity from "./migrations/0012-chat-activity.js";
import * as favoriteCounts from "./migrations/0013-favorite-counts.js";
import * as wordPairs from "./migrations/0014-word-pairs.js";
import * as listedBlocks from "./migrations/0015-listed-blocks.js";
import * as sellerPages from "./migrations/0016-seller-pages.js";
import * as favoritePrices from "./migrations/0017-favorite-prices.js";
import * as trade from "./migrations/0018-trade.js";
import * as priceBlocks from "./migrations/0020-price-blocks.js";
import * as notifications from "./migrations/0021-notifications.js";
import * as discovery from "./migrations/0022-discovery.js";
import * as reports from "./migrations/0023-reports.js";
import * as blocks from "./migrations/0024-blocks.js";
import * as moderation from "./migrations/0025-moderation.js";
import * as accountDeletion from "./migrations/0026-account-deletion.js";
import * as wordChanges from "./migrations/0027-word-changes.js";
import * as moderationLogTarget from "./migrations/0028-moderation-log-target.js";
import * as listFilterColumns from "./migrations/0029-list-filter-columns.js";
import * as wordChangesCategory from "./migrations/0030-word-changes-category.js";
import * as wordChangesSortFields from "./migrations/0031-word-changes-sort-fields.js";
import * as goodsChangeNotices from "./migrations/0032-goods-change-notices.js";
import * as orders from "./migrations/0033-orders.js";
import * as ledgerByOrder from "./migrations/0034-ledger-by-order.js";
import * as reconciliations from "./migrations/0035-reconciliations.js";
import * as refunds from "./migrations/0036-refunds.js";
import * as uncheckedKinds from "./migrations/0037-unchecked-kinds.js";
import * as refundEndedBy from "./migrations/0038-refund-ended-by.js";
import * as sessionDevices from "./migrations/0039-session-devices.js";
import * as settleTriedAt from "./migrations/0040-settle-tried-at.js";
import * as twoStep from "./migrations/0041-two-step.js";
import * as sessionProof from "./migrations/0042-session-proof.js";
import * as passkeys from "./migrations/0043-passkeys.js";
import * as knownDevices from "./migrations/0044-known-devices.js";
import * as pushSubscriptions from "./migrations/0045-push-subscriptions.js";

/** Listed in code rather than read from a folder, so the built server carries its migrations. */
const migrations = {
  "0001-accounts": accounts,
  "0002-goods": goods,
  "0003-word-search": wordSearch,
  "0004-chat": chat,
  "0005-chat-read-marks": chatReadMarks,
  "0006-login-failures": loginFailures,
  "0007-picture-bytes": pictureBytes,
  "0008-own-avatars": ownAvatars,
  "0009-condition-index": conditionIndex,
  "0010-listed-search": listedSearch,
  "0011-favorites-newest": favoritesNewest,
  "0012-chat-activity": chatActivity,
  "0013-favorite-counts": favoriteCounts,
  "0014-word-pairs": wordPairs,
  "0015-listed-blocks": listedBlocks,
  "0016-seller-pages": sellerPages,
  "0017-favorite-prices": favoritePrices,
  "0018-trade": trade,
  "0020-price-blocks": priceBlocks,
  "0021-notifications": notifications,
  "0022-discovery": discovery,
  "0023-reports": reports,
  "0024-blocks": blocks,
  "0025-moderation": moderation,
  "0026-account-deletion": accountDeletion,
  "0027-word-changes": wordChanges,
  "0028-moderation-log-target": moderationLogTarget,
  "0029-list-filter-columns": listFilterColumns,
  "0030-word-changes-category": wordChangesCategory,
  "0031-word-changes-sort-fields": wordChangesSortFields,
  "0032-goods-change-notices": goodsChangeNotices,
  "0033-orders": orders,
  "0034-ledger-by-order": ledgerByOrder,
  "0035-reconciliations": reconciliations,
  "0036-refunds": refunds,
  "0037-unchecked-kinds": uncheckedKinds,
  "0038-refund-ended-by": refundEndedBy,
  "0039-session-devices": sessionDevices,
  "0040-settle-tried-at": settleTriedAt,
  "0041-two-step": twoStep,
  "0042-session-proof": sessionProof,
  "0043-passkeys": passkeys,
  "0044-known-devices": knownDevices,
  "0045-push-subscriptions": pushSubscriptions,
} satisfies Record<string, Migration>;

/**
 * On PostgreSQL the migration tables are looked for in the current schema only: without naming
 * it, Kysely would take another schema's tables for its own.
 */
async function migrationSchema(db: Db): Promise<string | undefined> {
  if (dialectOf(db) === "sqlite") return undefined;
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return rows[0]?.schema;
}

export type MigrationName = keyof typeof migrations;

/**
 * Kysely looks for its tables by scanning every schema of the database, columns included; another
 * schema changing during that scan (tests drop theirs, or migrate them, while others start) fails
 * it though ours is untouched: 3F000 (its schema is gone), 42P01 (a table), 42703 (a column). Our
 * migrations run in a transaction, so a try that failed left nothing behind.
 */
const CHANGED_DURING_SCAN = new Set(["3F000", "42P01", "42703"]);

function otherSchemaChangedDuringScan(error: unknown): boolean {
  return CHANGED_DURING_SCAN.has((error as { code?: string } | undefined)?.code ?? "");
}

/** Runs the migrations not yet run: all of them, or (for tests of a migration) up to `target`. */
export async function migrateToLatest(db: Db, target?: MigrationName): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runMigrations(db, target);
    } catch (error) {
      if (attempt >= 5 || !otherSchemaChangedDuringScan((error as Error).cause)) throw error;
    }
  }
}

async function runMigrations(db: Db, target?: MigrationName): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: await migrationSchema(db),
  });
  const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, { cause: error });
  }
  // Migrations on data already there may have rewritten tables; a new database (its run began
  // with the first migration) has nothing to count.
  const first = results?.[0]?.migrationName;
  if (first !== undefined && first !== Object.keys(migrations)[0]) await analyzeAfterBulkLoad(db);
}
