/**
 * Proves the ledger's invariants on the database and provider the server uses, and exits non-zero
 * when one fails:
 *   npm run ledger:check
 * Every transaction balances; what the ledger says the provider holds for each order is what the
 * order's state says (paid and not yet released or refunded); their sum is what the provider itself
 * reports (the sandbox provider's books; Alipay offers no such query, so there it is left out).
 */
import { buildApp } from "../src/app.js";
import { ConfigError, loadConfig, repoRoot } from "../src/config.js";
import { readEnvironment } from "../src/env-files.js";
import { checkOrdersLedger } from "../src/features/orders/index.js";

const yuan = (cents: number | null) => (cents === null ? "not reported" : `¥${(cents / 100).toFixed(2)}`);

async function main(): Promise<number> {
  const environment = readEnvironment(repoRoot);
  const config = loadConfig(environment.values, environment.sources);
  const app = await buildApp({ ...config, webDist: null, demoData: false }, { jobsByHandOnly: true, logger: false });
  try {
    const result = await checkOrdersLedger({ db: app.db, payments: app.payments });
    console.log(`transactions: ${result.transactions}`);
    console.log(`held by the provider, per the ledger: ${yuan(result.ledgerHeldCents)}`);
    console.log(`held, per the orders' states:        ${yuan(result.expectedHeldCents)}`);
    console.log(`held, per the provider (${app.payments.name}):      ${yuan(result.providerHeldCents)}`);
    for (const problem of result.problems) console.error(`FAIL ${problem}`);
    console.log(result.ok ? "ledger: ok" : `ledger: ${result.problems.length} problem(s)`);
    return result.ok ? 0 : 1;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  },
);
