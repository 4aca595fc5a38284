/**
 * npm run bench:checkout: the protected-order path against raw Node. BENCH_CLIENTS (50) buyers each
 * make whole purchases one after another for BENCH_SECONDS (10): 立即购买 (POST /api/orders, 面交),
 * 支付 on the sandbox's pay page (its own webhook held back), the provider's signed webhook (posted by
 * the bench as the sandbox would, so its cost is measured on its own), the seller's 发货, and the
 * buyer's 确认收货 (the money released through the provider). Every purchase buys different goods
 * of a catalogue of BENCH_GOODS (100,000) spread over BENCH_USERS (1,000) sellers: real traffic, no
 * repeated URL. The same clients then send the same five requests to a raw Node server answering
 * each with the product's recorded bytes. BENCH_RUNS (3) interleaved runs after a warm-up, on SQLite
 * and PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL). At the end the ledger is checked
 * (`npm run ledger:check`'s proof) against the sandbox's books. Writes bench/checkout.md.
 */

import { randomUUID } from "node:crypto";
import http from "node:http";
import { loadConfig } from "../src/config.js";
import { type Db, openDatabase } from "../src/db/database.js";
import { checkLedger } from "../src/features/ledger/index.js";
import { expectedHeld } from "../src/features/orders/index.js";
import { signedHeaders } from "../src/features/payments/index.js";
import {
  type BenchDatabase,
  benchCommand,
  benchDatabases,
  type FilledDatabase,
  runBench,
  withBenchDatabase,
  writeBenchReport,
} from "./bench-databases.js";
import { type FixedReply, type ProbedServer, startProductServer, startRawServer } from "./bench-servers.js";
import { type Population, populate } from "./bench-users.js";
import { loadAverage, runLines, spread } from "./http-report.js";
import { type Answer, type Call, send, succeeded } from "./mixed-load.js";

const GOODS = Number(process.env.BENCH_GOODS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 1000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARM_UP_SECONDS = Math.min(3, SECONDS);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "warn";
/** The sandbox's default key: the product server of the bench runs with the defaults. */
const WEBHOOK_SECRET = loadConfig({}).payments.sandboxWebhookSecret;

const STEPS = ["order", "pay", "webhook", "ship", "confirm"] as const;
type Step = (typeof STEPS)[number];

/** One purchase's five requests, each made from what the one before answered. */
interface Purchase {
  goodsId: number;
  buyer: { id: number; token: string };
  seller: { id: number; token: string };
}

interface StepFigures {
  latencies: number[];
  failures: number;
  /** What the first failed answer said, for the report. */
  firstFailure?: string;
}
type RunResult = { purchases: number; seconds: number; steps: Record<Step, StepFigures> };

interface Target {
  /** Makes one request of a purchase; answers what it answered. */
  step(step: Step, purchase: Purchase, state: Record<string, string>): Promise<Answer>;
}

function emptySteps(): Record<Step, StepFigures> {
  return Object.fromEntries(STEPS.map((step) => [step, { latencies: [], failures: 0 }])) as unknown as Record<
    Step,
    StepFigures
  >;
}

/** The product: each step as a client and the provider make it. */
function productTarget(product: ProbedServer, db: Db, agent: http.Agent): Target {
  const call = (request: Call, token: string) => send(agent, product.url, request, token);
  return {
    async step(step, purchase, state) {
      switch (step) {
        case "order": {
          const body = { goodsId: String(purchase.goodsId), delivery: "meetup" };
          const answer = await call(
            { method: "POST", path: "/api/orders", body, signedIn: true },
            purchase.buyer.token,
          );
          const order = JSON.parse(answer.body.toString()).data ?? {};
          state.orderId = String(order.id);
          state.paymentId =
            String(order.payUrl ?? "")
              .split("/")
              .pop() ?? "";
          state.totalCents = String(order.totalCents);
          return answer;
        }
        case "pay":
          return call(
            { method: "POST", path: `/api/sandbox-pay/${state.paymentId}/pay`, body: { mode: "no_webhook" } },
            "",
          );
        case "webhook":
          return postWebhook(
            product.url,
            agent,
            await paymentRefOf(db, Number(state.orderId)),
            Number(state.totalCents),
          );
        case "ship":
          return call(
            { method: "POST", path: `/api/orders/${state.orderId}/ship`, body: {}, signedIn: true },
            purchase.seller.token,
          );
        case "confirm":
          return call(
            { method: "POST", path: `/api/orders/${state.orderId}/confirm`, signedIn: true },
            purchase.buyer.token,
          );
      }
    },
  };
}

/** The order's payment number, read by the bench (as the sandbox knows it), outside the measured request. */
async function paymentRefOf(db: Db, orderId: number): Promise<string> {
  const row = await db.selectFrom("orders").select("paymentRef").where("id", "=", orderId).executeTakeFirst();
  return row?.paymentRef ?? "";
}

/** The sandbox's success webhook, signed as it signs them. */
function postWebhook(base: string, agent: http.Agent, paymentRef: string, amountCents: number): Promise<Answer> {
  const id = `evt_${randomUUID()}`;
  const now = new Date();
  const body = JSON.stringify({
    id,
    type: "payment.succeeded",
    paymentRef,
    amountCents,
    occurredAt: now.toISOString(),
  });
  const headers = { ...signedHeaders(WEBHOOK_SECRET, id, body, now), "content-length": Buffer.byteLength(body) };
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/payments/sandbox/webhook`,
      { method: "POST", agent, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), contentType: "" }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** The raw server: the same five requests, each answered with the product's recorded bytes. */
function rawTarget(raw: ProbedServer, agent: http.Agent): Target {
  return {
    step: (step, purchase) =>
      send(
        agent,
        raw.url,
        { method: "POST", path: `/step/${step}`, body: { goodsId: purchase.goodsId }, signedIn: true },
        purchase.buyer.token,
      ),
  };
}

/** Goods for the purchases, each bought once: those on sale to anyone, in order, skipping a buyer's own. */
async function goodsQueue(db: Db, population: Population, byId: Map<number, { id: number; token: string }>) {
  const onSale = (
    await db
      .selectFrom("goods")
      .select("id")
      .where("status", "=", "on_sale")
      .where("visibility", "=", "public")
      .orderBy("id")
      .execute()
  ).map((row) => row.id);
  let next = 0;
  return (buyerId: number): Purchase | undefined => {
    while (next < onSale.length) {
      const goodsId = onSale[next++] as number;
      const sellerId = population.sellerOf(goodsId);
      const seller = byId.get(sellerId);
      if (seller && sellerId !== buyerId) return { goodsId, buyer: byId.get(buyerId) as Purchase["buyer"], seller };
    }
    return undefined;
  };
}

/** CLIENTS buyers making purchases for `seconds`; answers each step's latencies and the purchases completed. */
async function runPurchases(
  target: Target,
  buyers: Purchase["buyer"][],
  nextPurchase: (buyerId: number) => Purchase | undefined,
  seconds: number,
): Promise<RunResult> {
  const steps = emptySteps();
  let purchases = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    buyers.map(async (buyer) => {
      while (performance.now() < end) {
        const purchase = nextPurchase(buyer.id);
        if (!purchase) return;
        const state: Record<string, string> = {};
        let ok = true;
        for (const step of STEPS) {
          const before = performance.now();
          const answer = await target.step(step, purchase, state);
          steps[step].latencies.push(performance.now() - before);
          if (!succeeded(answer) && !(step === "webhook" && answer.status < 300)) {
            if (steps[step].failures === 0) steps[step].firstFailure = answer.body.toString().slice(0, 200);
            steps[step].failures += 1;
            ok = false;
            break;
          }
        }
        if (ok) purchases += 1;
      }
    }),
  );
  return { purchases, seconds: (performance.now() - started) / 1000, steps };
}

/** One answer of the product to each step, for the raw server to send back byte for byte. */
async function recordReplies(target: Target, purchase: Purchase): Promise<Record<string, FixedReply>> {
  const replies: Record<string, FixedReply> = {};
  const state: Record<string, string> = {};
  for (const step of STEPS) {
    const answer = await target.step(step, purchase, state);
    if (answer.status >= 300) throw new Error(`${step} answered ${answer.status}: ${answer.body}`);
    replies[`/step/${step}`] = {
      contentType: answer.contentType || "application/json; charset=utf-8",
      body: answer.body.toString("base64"),
    };
  }
  return replies;
}

interface CheckoutResult {
  database: BenchDatabase;
  product: RunResult[];
  raw: RunResult[];
  ledger: string;
}

async function measure(database: FilledDatabase): Promise<CheckoutResult> {
  const population = await populate(database.target, {
    users: USERS,
    goodsCount: GOODS,
    favoritesPerUser: 0,
    heavyFavorites: 0,
    sellersFilled: true,
  });
  const byId = new Map(population.users.map((user) => [user.id, { id: user.id, token: user.token }]));
  const buyers = population.users.slice(0, CLIENTS).map((user) => ({ id: user.id, token: user.token }));
  const db = openDatabase(database.target);
  const nextPurchase = await goodsQueue(db, population, byId);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 5 });
  // The webhook is the bench's to send: the sandbox's own delivery job stays out of the measurement.
  const product = await startProductServer({ ...database.productEnv, SANDBOX_WEBHOOK_DELAY_MS: "0" });
  try {
    const productSteps = productTarget(product, db, agent);
    const first = nextPurchase(buyers[0]?.id ?? 0);
    if (!first) throw new Error("no goods to buy");
    const raw = await startRawServer(await recordReplies(productSteps, first));
    try {
      const rawSteps = rawTarget(raw, agent);
      // The raw server buys nothing: its purchases need no goods of their own.
      const samePurchase = () => first;
      await runPurchases(productSteps, buyers, nextPurchase, WARM_UP_SECONDS);
      await runPurchases(rawSteps, buyers, samePurchase, WARM_UP_SECONDS);
      const result: CheckoutResult = { database: database.name, product: [], raw: [], ledger: "" };
      for (let run = 1; run <= RUNS; run++) {
        result.product.push(await runPurchases(productSteps, buyers, nextPurchase, SECONDS));
        result.raw.push(await runPurchases(rawSteps, buyers, samePurchase, SECONDS));
        const rate = (runs: RunResult[]) => {
          const last = runs[runs.length - 1] as RunResult;
          return (last.purchases / last.seconds).toFixed(1);
        };
        console.log(
          `${database.name} run ${run}: ${rate(result.product)} / ${rate(result.raw)} purchases/s, load ${loadAverage()}`,
        );
      }
      result.ledger = await ledgerLine(db);
      return result;
    } finally {
      await raw.stop();
    }
  } finally {
    await product.stop();
    agent.destroy();
    await db.destroy();
  }
}

/** `npm run ledger:check`'s proof on the bench's data, against the sandbox's books. */
async function ledgerLine(db: Db): Promise<string> {
  const held = await db
    .selectFrom("sandboxPayments")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("heldCents"), eb.lit(0)).as("held"))
    .executeTakeFirstOrThrow();
  const result = await checkLedger(db, { expectedHeld: await expectedHeld(db), providerHeldCents: Number(held.held) });
  if (!result.ok) throw new Error(`the ledger does not balance after the bench: ${result.problems.join("; ")}`);
  return `ok: ${result.transactions.toLocaleString("en")} transactions balance, ¥${(result.ledgerHeldCents / 100).toFixed(2)} held, as the sandbox's books say`;
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString("en"));
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
};
const medianOf = (values: number[]) => spread(values).median;
const rangeCell = (values: number[], format: (value: number) => string) => {
  const { min, median, max } = spread(values);
  return `${format(median)} (${format(min)}–${format(max)})`;
};

function resultTable(result: CheckoutResult): string {
  const perSecond = (runs: RunResult[]) => runs.map((run) => run.purchases / run.seconds);
  const lines = [
    "| step | product p50 ms | product p99 ms | raw p50 / p99 ms | failed (product / raw) |",
    "|---|---:|---:|---:|---:|",
    ...STEPS.map((step) => {
      const of = (runs: RunResult[]) => runs.map((run) => run.steps[step]);
      const p = (runs: RunResult[], share: number) => of(runs).map((figures) => percentile(figures.latencies, share));
      const failed = (runs: RunResult[]) => of(runs).reduce((sum, figures) => sum + figures.failures, 0);
      const said = of(result.product).find((figures) => figures.firstFailure)?.firstFailure;
      if (said) console.log(`${result.database} ${step}: the first failure answered ${said}`);
      return `| ${step} | ${rangeCell(p(result.product, 0.5), ms)} | ${rangeCell(p(result.product, 0.99), ms)} | ${ms(medianOf(p(result.raw, 0.5)))} / ${ms(medianOf(p(result.raw, 0.99)))} | ${failed(result.product)} / ${failed(result.raw)} |`;
    }),
  ];
  const product = perSecond(result.product);
  const raw = perSecond(result.raw);
  const ratio = (medianOf(product) / medianOf(raw)) * 100;
  return [
    `- Whole purchases per second: product ${rangeCell(product, (v) => v.toFixed(1))}, raw ${rangeCell(raw, (v) => v.toFixed(1))}: product/raw ${ratio.toFixed(1)}%`,
    `- Ledger after the runs: ${result.ledger}`,
    "",
    ...lines,
  ].join("\n");
}

function report(results: CheckoutResult[], loadAtStart: string, started: Date): string {
  return [
    `## Checkout: ${CLIENTS} buyers making protected purchases, ${GOODS.toLocaleString("en")} goods`,
    "",
    ...runLines(benchCommand("bench:checkout"), started, loadAtStart),
    `- ${CLIENTS} buyers (signed-in users of ${USERS.toLocaleString("en")} who are also the goods' sellers), one kept-alive connection pool; each makes whole purchases back to back for ${SECONDS} s per run, ${RUNS} runs per server, interleaved (product, raw, …) after a ${WARM_UP_SECONDS} s warm-up each. Each purchase buys goods no purchase bought before`,
    "- A purchase: `order` 立即购买 (POST /api/orders, 面交: the goods reserved, the order and its deal made, the sandbox's payment started); `pay` 支付 on the sandbox's page (its own webhook held back); `webhook` the provider's signed notice, posted by the bench as the sandbox would (verified, taken once, the order paid, the ledger posted); `ship` the seller's 确认面交; `confirm` the buyer's 确认收货 (the order completed, the deal and goods sold, the money released through the sandbox and posted)",
    "- Product: the real server in a process of its own (log level warn, rate limits × 100,000: it configures the product, it removes no check); raw: a Node `http` server answering each step with one recorded answer of the product (same bytes), the floor of this load generator on this machine",
    "- Cells: median of the runs (min–max); a run's p50/p99 is over every request of that step in the run",
    "",
    ...results.flatMap((result) => [`### ${result.database}`, "", resultTable(result), ""]),
  ].join("\n");
}

async function main(): Promise<void> {
  const started = new Date();
  const loadAtStart = loadAverage();
  const results: CheckoutResult[] = [];
  for (const name of benchDatabases()) {
    results.push(
      await withBenchDatabase(name, "checkout", { count: GOODS, sellers: USERS, logLevel: LOG_LEVEL }, measure),
    );
  }
  await writeBenchReport("checkout", report(results, loadAtStart, started));
}

runBench(main);
