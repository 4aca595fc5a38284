import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig, repoRoot } from "../src/config.js";
import { registerUser } from "../src/test-support/accounts.js";
import { postGoods } from "../src/test-support/goods.js";
import { orderAction, paidOrder } from "../src/test-support/orders.js";
import { createServerData, type ServerData } from "../src/test-support/server-process.js";

/** `npm run ledger:check` as an operator runs it, on the data of a server that took payments. */
let data: ServerData;

async function ledgerCheck() {
  try {
    const { stdout } = await promisify(execFile)("npm", ["run", "-s", "ledger:check"], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: "", ...data.env },
    });
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
