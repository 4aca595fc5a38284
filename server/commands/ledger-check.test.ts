import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig, repoRoot } from "../src/config.js";
import { registerUser } from "../src/test-support/accounts.js";
import { postGoods } from "../src/test-support/goods.js";
import { orderAction, paidOrder } from "../src/test-support/orders.js";
import { createServerData, type ServerData } from "../src/test-support/server-process.js";

/**
 * `npm run ledger:check` and `npm run ledger:reconcile` as an operator runs them, on the data of a
 * server that took payments.
 */
let data: ServerData;

const ledgerCheck = () => npmRun("ledger:check");

async function npmRun(script: string, ...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(
      "npm",
      ["run", "-s", script, ...(args.length ? ["--", ...args] : [])],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: "", ...data.env },
      },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  data = await createServerData();
  const config = loadConfig({
    ...data.env,
    LOG_LEVEL: "silent",
    DEMO_DATA: "false",
    RATE_LIMIT_MULTIPLIER: "1000",
    SANDBOX_WEBHOOK_DELAY_MS: "0",
  });
  const app = await buildApp({ ...config, webDist: null }, { logger: false });
  try {
    const [seller, buyer] = [await registerUser(app, data.dataDir), await registerUser(app, data.dataDir)];
    // One order paid and held, one released to the seller.
    await paidOrder(app, buyer.token, (await postGoods(app, seller.token, { priceCents: 4_500 })).id, "meetup");
    const released = await paidOrder(app, buyer.token, (await postGoods(app, seller.token)).id, "meetup");
    await orderAction(app, seller.token, released.id, "ship", {});
    await orderAction(app, buyer.token, released.id, "confirm");
  } finally {
    await app.close();
  }
}, 60_000);
afterAll(() => data?.remove());

describe("npm run ledger:reconcile", () => {
  it("passes on a day the provider's bill matches, names a difference, and refuses a bad date", async () => {
    const paid = await data.db.selectFrom("sandboxPayments").select("paidAt").executeTakeFirstOrThrow();
    // The Beijing day the payments were made on.
    const day = new Date(Date.parse(paid.paidAt as string) + 8 * 3600 * 1000).toISOString().slice(0, 10);
    const ok = await npmRun("ledger:reconcile", "--date", day);
    expect(ok.output).toContain(`${day}: 3 matched, 0 mismatched (sandbox)`);
    expect(ok.code).toBe(0);

    await data.db.updateTable("sandboxOperations").set({ amountCents: 1 }).where("kind", "=", "release").execute();
    const off = await npmRun("ledger:reconcile", "--date", day);
    expect(off.code).toBe(1);
    expect(off.output).toMatch(/MISMATCH 打款给卖家 XZ[\w-]+: 金额不一致 \(ledger ¥500, provider ¥0.01\)/);
    expect(off.output).toContain(`${day}: 2 matched, 1 mismatched (sandbox)`);

    const bad = await npmRun("ledger:reconcile", "--date", "2026-02-30");
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('--date takes a day as YYYY-MM-DD, not "2026-02-30"');
  }, 120_000);
});

describe("npm run ledger:check", () => {
  it("passes on a ledger that mirrors the orders and the provider, and names what is off otherwise", async () => {
    const ok = await ledgerCheck();
    expect(ok.output).toContain("held by the provider, per the ledger: ¥45.00");
    expect(ok.output).toContain("ledger: ok");
    expect(ok.code).toBe(0);

    // A posting changed by hand: its transaction no longer balances, and the held money is off.
    const posting = await data.db
      .selectFrom("ledgerPostings")
      .select("id")
      .where("account", "like", "held:order:%")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await data.db.updateTable("ledgerPostings").set({ amountCents: 4_400 }).where("id", "=", posting.id).execute();
    const off = await ledgerCheck();
    expect(off.code).toBe(1);
    expect(off.output).toMatch(/FAIL transaction pay:order:\d+ sums to -100/);
    expect(off.output).toContain("the provider holds 4500, the ledger says 4400");
  }, 120_000);
});
