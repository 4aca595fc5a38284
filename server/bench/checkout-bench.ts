/**
 * npm run bench:checkout: the protected-order path against raw Node. BENCH_CLIENTS (50) buyers each
 * make whole purchases back to back for BENCH_SECONDS (10): `order` 立即购买 (POST /api/orders,
 * 面交), `pay` 支付 on the sandbox's pay page, `webhook` the provider's signed notice (posted by the
 * bench as the sandbox would: the sandbox is told on its page to send none itself, so the notice
 * is one timed request and no background delivery competes with the load), `ship` the seller's
 * 确认面交, `confirm` the buyer's 确认收货 (the money released through the provider). Every
 * purchase buys goods no purchase bought before, from BENCH_GOODS (100,000) bulk-loaded over
 * BENCH_USERS (1,000) sellers: many distinct ids and URLs. The same buyers then send the same five
 * requests (same bodies and headers) to a raw Node server answering each with the product's
 * recorded bytes. BENCH_RUNS (3) runs per server, interleaved, after a warm-up, on SQLite and
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL). Afterwards the ledger check of
 * `npm run ledger:check` runs on the bench's database against the sandbox's books, and every purchase
 * the bench saw confirmed must be a completed order: the bench fails otherwise. Writes bench/checkout.md.
 *
 * Settings: BENCH_GOODS, BENCH_USERS, BENCH_CLIENTS, BENCH_SECONDS, BENCH_RUNS, BENCH_DATABASES
 * (sqlite,postgres), BENCH_LOG_LEVEL (warn).
 */
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { type Db, openDatabase } from "../src/db/database.js";
import { checkOrdersLedger } from "../src/features/orders/index.js";
import { SandboxProvider, signedHeaders } from "../src/features/payments/index.js";
import {
  benchCommand,
  benchDatabases,
  type FilledDatabase,
  runBench,
  withBenchDatabase,
  writeBenchReport,
} from "./bench-databases.js";
import { type FixedReply, type ProbedServer, startProductServer, startRawServer } from "./bench-servers.js";
import { populate } from "./bench-users.js";
import {
  type CheckoutResult,
  emptySteps,
  firstFailures,
  purchasesPerSecond,
  type RunResult,
  report,
  STEPS,
  type Step,
  type StepFigures,
} from "./checkout-report.js";
import { loadAverage, runLines } from "./http-report.js";
import { type Answer, succeeded } from "./mixed-load.js";

const GOODS = Number(process.env.BENCH_GOODS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 1000);
const CLIENTS = Math.min(USERS - 1, Number(process.env.BENCH_CLIENTS ?? 50));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARM_UP_SECONDS = Math.min(3, SECONDS);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "warn";
/** The bench plays the provider, so it signs with the key the product is started with. */
const WEBHOOK_SECRET = randomBytes(24).toString("hex");

interface Person {
  id: number;
  token: string;
}

interface Purchase {
  goodsId: number;
  buyer: Person;
  seller: Person;
}

/** What a purchase has learnt so far: from the order's answer, and the sandbox's books. */
interface PurchaseState {
  orderId: string;
  paymentId: string;
  totalCents: number;
  paymentRef: string;
}

interface Exchange {
  path: string;
  headers: http.OutgoingHttpHeaders;
  body?: string;
}

/** Where a run sends its requests: the product at their own paths, the raw server at one per step. */
interface Target {
  url: string;
  pathOf(step: Step, path: string): string;
}

function jsonCall(path: string, body: unknown, token?: string): Exchange {
  const text = JSON.stringify(body);
  const headers: http.OutgoingHttpHeaders = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  return { path, headers, body: text };
}

/** The sandbox's success notice for the payment, signed as the sandbox signs its own. */
function webhookCall(state: PurchaseState): Exchange {
  const id = `evt_${randomUUID()}`;
  const now = new Date();
  const body = JSON.stringify({
    id,
    type: "payment.succeeded",
    paymentRef: state.paymentRef,
    amountCents: state.totalCents,
    occurredAt: now.toISOString(),
  });
  return { path: "/api/payments/sandbox/webhook", headers: signedHeaders(WEBHOOK_SECRET, id, body, now), body };
}

function requestOf(step: Step, purchase: Purchase, state: PurchaseState): Exchange {
  switch (step) {
    case "order":
      return jsonCall("/api/orders", { goodsId: String(purchase.goodsId), delivery: "meetup" }, purchase.buyer.token);
    case "pay":
      return jsonCall(`/api/sandbox-pay/${state.paymentId}/pay`, { mode: "no_webhook" });
    case "webhook":
      return webhookCall(state);
    case "ship":
      return jsonCall(`/api/orders/${state.orderId}/ship`, {}, purchase.seller.token);
    case "confirm":
      return {
        path: `/api/orders/${state.orderId}/confirm`,
        headers: { authorization: `Bearer ${purchase.buyer.token}` },
      };
  }
}

/** One POST over a kept-alive socket; no compression asked for, as in the other benchmarks. */
function exchange(agent: http.Agent, target: Target, step: Step, call: Exchange): Promise<Answer> {
  const headers = { ...call.headers, "accept-encoding": "identity" };
  if (call.body !== undefined) headers["content-length"] = Buffer.byteLength(call.body);
  return new Promise((resolve, reject) => {
    const url = `${target.url}${target.pathOf(step, call.path)}`;
    const request = http.request(url, { method: "POST", agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          contentType: String(response.headers["content-type"] ?? ""),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(call.body);
  });
}

/** Xianzhi's number for the payment, as the sandbox knows it (its books), read outside the timed requests. */
async function paymentRefOf(db: Db, paymentId: string): Promise<string> {
  const row = await db
    .selectFrom("sandboxPayments")
    .select("merchantRef")
    .where("id", "=", paymentId)
    .executeTakeFirst();
  return row?.merchantRef ?? "";
}

function learnOrder(answer: Answer, state: PurchaseState): void {
  const order = JSON.parse(answer.body.toString()).data;
  state.orderId = String(order.id);
  state.paymentId = String(order.payUrl).split("/").pop() as string;
  state.totalCents = Number(order.totalCents);
}

function noteFailure(figures: StepFigures, said: string): void {
  if (figures.failures === 0) figures.firstFailure = said.slice(0, 300);
  figures.failures += 1;
}

/**
 * One whole purchase, step after step; answers its time in the server (the sum of its requests'
 * latencies), or null when a step failed. `onAnswer` sees each answer (to record them).
 */
async function purchaseOnce(
  target: Target,
  context: { agent: http.Agent; db: Db },
  purchase: Purchase,
  steps: Record<Step, StepFigures>,
  onAnswer?: (step: Step, answer: Answer) => void,
): Promise<number | null> {
  const state: PurchaseState = { orderId: "", paymentId: "", totalCents: 0, paymentRef: "" };
  let inServer = 0;
  for (const step of STEPS) {
    if (step === "webhook") state.paymentRef = await paymentRefOf(context.db, state.paymentId);
    const sentAt = performance.now();
    const answer = await exchange(context.agent, target, step, requestOf(step, purchase, state)).catch(
      (error: unknown) => ({ status: 0, body: Buffer.from(String(error)), contentType: "" }),
    );
    const took = performance.now() - sentAt;
    steps[step].latencies.push(took);
    inServer += took;
    if (!succeeded(answer)) {
      noteFailure(steps[step], `${answer.status} ${answer.body.toString()}`);
      return null;
    }
    onAnswer?.(step, answer);
    if (step === "order") learnOrder(answer, state);
  }
  return inServer;
}

/** Every buyer making purchases back to back for `seconds`, each on a kept-alive connection of its own. */
async function runPurchases(
  target: Target,
  db: Db,
  buyers: Person[],
  nextPurchase: (buyer: Person) => Purchase | undefined,
  seconds: number,
): Promise<RunResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: buyers.length });
  const result: RunResult = { seconds: 0, purchases: [], steps: emptySteps() };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    buyers.map(async (buyer) => {
      for (let purchase = nextPurchase(buyer); purchase; purchase = nextPurchase(buyer)) {
        const inServer = await purchaseOnce(target, { agent, db }, purchase, result.steps);
        if (inServer !== null) result.purchases.push(inServer);
        if (performance.now() >= deadline) return;
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return result;
}

/** The goods on sale, each handed out once, to a buyer who is not its seller; undefined once all are bought. */
async function goodsQueue(db: Db, sellerOf: (goodsId: number) => number, people: Map<number, Person>) {
  const rows = await db
    .selectFrom("goods")
    .select("id")
    .where("status", "=", "on_sale")
    .where("visibility", "=", "public")
    .orderBy("id")
    .execute();
  let next = 0;
  return (buyer: Person): Purchase | undefined => {
    while (next < rows.length) {
      const goodsId = (rows[next++] as { id: number }).id;
      const seller = people.get(sellerOf(goodsId));
      if (seller && seller.id !== buyer.id) return { goodsId, buyer, seller };
    }
    return undefined;
  };
}

async function completedOrders(db: Db): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "completed")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * After the product has stopped: `npm run ledger:check`'s proof on the bench's data against the
 * sandbox's books, and one completed order for every purchase whose 确认收货 the bench saw succeed.
 */
async function proveNothingLost(db: Db, confirmed: number, completedBefore: number): Promise<string> {
  const payments = new SandboxProvider({ db, secret: WEBHOOK_SECRET, send: async () => 0 });
  const ledger = await checkOrdersLedger({ db, payments });
  if (!ledger.ok) throw new Error(`the ledger does not balance after the bench: ${ledger.problems.join("; ")}`);
  const completed = (await completedOrders(db)) - completedBefore;
  if (completed !== confirmed) {
    throw new Error(`${confirmed} purchases were confirmed, but ${completed} orders are completed`);
  }
  const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;
  return `ledger: ok, ${ledger.transactions.toLocaleString("en")} transactions (each balances; held by the sandbox ${yuan(ledger.ledgerHeldCents)}, as the ledger and the orders' states say); ${completed.toLocaleString("en")} orders completed, one for each purchase the bench saw confirmed`;
}

/** The product's answers to one purchase, for the raw server to send back byte for byte. */
async function recordPurchase(product: Target, db: Db, purchase: Purchase): Promise<Record<string, FixedReply>> {
  const agent = new http.Agent({ keepAlive: true });
  const replies: Record<string, FixedReply> = {};
  const steps = emptySteps();
  const completed = await purchaseOnce(product, { agent, db }, purchase, steps, (step, answer) => {
    replies[`/step/${step}`] = { contentType: answer.contentType, body: answer.body.toString("base64") };
  });
  agent.destroy();
  if (completed === null) {
    throw new Error(`the first purchase failed: ${STEPS.map((step) => steps[step].firstFailure ?? "").join("")}`);
  }
  return replies;
}

/** What the runs on one server pair measured, and how many purchases the bench saw confirmed. */
interface Runs {
  product: RunResult[];
  raw: RunResult[];
  confirmed: number;
}

/**
 * One purchase recorded from the product for the raw server, then the warm-ups and RUNS runs of
 * each, interleaved. The raw server buys nothing: every purchase of its runs is the recorded one.
 */
async function interleavedRuns(
  product: ProbedServer,
  db: Db,
  buyers: Person[],
  nextPurchase: (buyer: Person) => Purchase | undefined,
  name: string,
): Promise<Runs> {
  const productTarget: Target = { url: product.url, pathOf: (_step, path) => path };
  const first = nextPurchase(buyers[0] as Person);
  if (!first) throw new Error("no goods to buy");
  const raw = await startRawServer(await recordPurchase(productTarget, db, first));
  const runs: Runs = { product: [], raw: [], confirmed: 1 };
  try {
    const rawTarget: Target = { url: raw.url, pathOf: (step) => `/step/${step}` };
    const onProduct = async (seconds: number) => {
      const run = await runPurchases(productTarget, db, buyers, nextPurchase, seconds);
      runs.confirmed += run.purchases.length;
      return run;
    };
    const onRaw = (seconds: number) => runPurchases(rawTarget, db, buyers, () => first, seconds);
    await onProduct(WARM_UP_SECONDS);
    await onRaw(WARM_UP_SECONDS);
    for (let run = 1; run <= RUNS; run++) {
      runs.product.push(await onProduct(SECONDS));
      runs.raw.push(await onRaw(SECONDS));
      const last = (of: RunResult[]) => purchasesPerSecond(of[of.length - 1] as RunResult).toFixed(1);
      console.log(`${name} run ${run}: ${last(runs.product)} / ${last(runs.raw)} purchases/s, load ${loadAverage()}`);
    }
    return runs;
  } finally {
    await raw.stop();
  }
}

async function measure(database: FilledDatabase): Promise<CheckoutResult> {
  const population = await populate(database.target, {
    users: USERS,
    goodsCount: GOODS,
    favoritesPerUser: 0,
    heavyFavorites: 0,
    sellersFilled: true,
  });
  const people = new Map(population.users.map((user) => [user.id, { id: user.id, token: user.token }]));
  const buyers = [...people.values()].slice(0, CLIENTS);
  const db = openDatabase(database.target);
  try {
    const nextPurchase = await goodsQueue(db, population.sellerOf, people);
    const completedBefore = await completedOrders(db);
    // SANDBOX_WEBHOOK_DELAY_MS=0 leaves the sandbox's deliveries to its periodic job; the pay page's
    // no_webhook mode gives that job nothing to send either. Rate limits × 100,000 (productEnv):
    // the setting the product has for it, not a check removed.
    const product = await startProductServer({
      ...database.productEnv,
      PAYMENT_PROVIDER: "sandbox",
      SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SANDBOX_WEBHOOK_DELAY_MS: "0",
    });
    let runs: Runs;
    try {
      runs = await interleavedRuns(product, db, buyers, nextPurchase, database.name);
    } finally {
      await product.stop();
    }
    const result: CheckoutResult = { database: database.name, product: runs.product, raw: runs.raw, proof: "" };
    for (const line of firstFailures(result)) console.log(line);
    result.proof = await proveNothingLost(db, runs.confirmed, completedBefore);
    console.log(`${database.name}: ${result.proof}`);
    return result;
  } finally {
    await db.destroy();
  }
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
  const settings = {
    clients: CLIENTS,
    users: USERS,
    goods: GOODS,
    seconds: SECONDS,
    runs: RUNS,
    warmUpSeconds: WARM_UP_SECONDS,
  };
  await writeBenchReport(
    "checkout",
    report(results, settings, runLines(benchCommand("bench:checkout"), started, loadAtStart)),
  );
}

runBench(main);
