/**
 * Compares a day's bill from the payment provider with the ledger, stores the result as the daily
 * job does (the moderators' console shows it), and exits non-zero on a mismatch:
 *   npm run ledger:reconcile -- --date 2026-11-27
 * The day is a Beijing day, as the provider cuts its bills; without --date, yesterday's.
 * Exits 0 when everything matched, 1 on a mismatch, 2 when it could not compare (a bad date, a
 * provider whose bill cannot be fetched here, or not yet: Alipay cuts a day's bill the next morning).
 */
import { formatPrice, RECONCILIATION_PROBLEMS } from "@xianzhi/contract";
import { buildApp } from "../src/app.js";
import { ConfigError, loadConfig, repoRoot } from "../src/config.js";
import { readEnvironment } from "../src/env-files.js";
import { StatementNotReady } from "../src/features/payments/index.js";
import { beijingToday, dayAfter, isDay, reconcileDay } from "../src/features/reconciliation/index.js";
import { serviceDeps } from "../src/services.js";

const KIND_WORDS = { pay: "付款", refund: "退款", release: "打款给卖家" } as const;
const amount = (cents: number | null) => (cents === null ? "—" : formatPrice(cents));

class UsageError extends Error {}

function dayOf(args: string[]): string {
  const at = args.indexOf("--date");
  if (at < 0) return dayAfter(beijingToday(), -1);
  const day = args[at + 1] ?? "";
  if (!isDay(day)) throw new UsageError(`--date takes a day as YYYY-MM-DD, not "${day}"`);
  return day;
}

async function main(): Promise<number> {
  const day = dayOf(process.argv.slice(2));
  const environment = readEnvironment(repoRoot);
  const config = loadConfig(environment.values, environment.sources);
  const app = await buildApp({ ...config, webDist: null, demoData: false }, { jobsByHandOnly: true, logger: false });
  try {
    const result = await reconcileDay(serviceDeps(app), day);
    if (result.outcome === "no_statement") {
      console.error(`${day}: the ${result.provider} provider's bill cannot be fetched here; nothing was compared`);
      return 2;
    }
    for (const mismatch of result.mismatches) {
      console.error(
        `MISMATCH ${KIND_WORDS[mismatch.kind]} ${mismatch.paymentRef}: ${RECONCILIATION_PROBLEMS[mismatch.problem]}` +
          ` (ledger ${amount(mismatch.ledgerCents)}, provider ${amount(mismatch.providerCents)})`,
      );
    }
    console.log(`${day}: ${result.matched} matched, ${result.mismatches.length} mismatched (${result.provider})`);
    if (result.uncheckedKinds.length > 0) {
      const kinds = result.uncheckedKinds.map((kind) => KIND_WORDS[kind]).join("、");
      console.log(`not compared (not in the provider's bill): ${kinds}`);
    }
    return result.mismatches.length === 0 ? 0 : 1;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof UsageError || error instanceof StatementNotReady;
    console.error(known ? error.message : error);
    process.exit(2);
  },
);
