import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { databaseGauges } from "../db/database-gauges.js";
import { appError } from "../errors.js";
import { failedSettlementCount } from "../features/orders/index.js";
import { listedMismatchCount } from "../features/reconciliation/index.js";
import { overdueDisputes } from "../features/refunds/index.js";
import { bearerTokenOf } from "./auth.js";

/** Seconds; from a cached answer (about 1 ms) to a request near the database timeouts. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];

/**
 * `GET /metrics` in Prometheus's text format, for whoever holds `METRICS_TOKEN`; without the
 * setting nothing is recorded and the path is not served (404). Per request: one histogram
 * observation, under labels taken from the route's pattern (never the URL, which would make a
 * series per goods id) and looked up in a map, so prom-client hashes no label set on the way.
 */
export function registerMetrics(app: FastifyInstance): void {
  const token = app.config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  observeRequests(app, registry);
  observeJobs(app, registry);
  gaugeConnections(app, registry);

  const expected = digest(token);
  app.get("/metrics", async (req, reply) => {
    if (!holdsToken(req, expected)) throw appError("UNAUTHORIZED");
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

function observeRequests(app: FastifyInstance, registry: Registry): void {
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP requests by route pattern and status: their durations; _count is the number of requests",
    labelNames: ["method", "route", "status_code"],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const byRoute = new Map<string, Histogram.Internal<string>>();
  app.addHook("onResponse", (req: FastifyRequest, reply: FastifyReply, done) => {
    // A URL no route serves has no pattern: all of them share one series.
    const route = req.routeOptions.url ?? "unmatched";
    const key = `${req.method} ${route} ${reply.statusCode}`;
    let series = byRoute.get(key);
    if (!series) {
      series = durations.labels(req.method, route, String(reply.statusCode));
      byRoute.set(key, series);
    }
    series.observe(reply.elapsedTime / 1000);
    done();
  });
}

/** Each periodic job's runs (plugins/periodic-jobs.ts), by outcome: _count is how many ran. */
function observeJobs(app: FastifyInstance, registry: Registry): void {
  const durations = new Histogram({
    name: "periodic_job_duration_seconds",
    help: "Periodic jobs run on this process, by job and outcome (ok, failed): their durations",
    labelNames: ["job", "outcome"],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.jobs.observe((job, outcome, seconds) => durations.labels(job, outcome).observe(seconds));
}

/** Read when Prometheus asks, not kept up to date on every connection. */
function gaugeConnections(app: FastifyInstance, registry: Registry): void {
  new Gauge({
    name: "websocket_connections_open",
    help: "Chat sockets open on this process",
    registers: [registry],
    collect() {
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });
  for (const gauge of databaseGauges(app.db)) {
    new Gauge({
      name: gauge.name,
      help: gauge.help,
      registers: [registry],
      collect() {
        this.set(gauge.read());
      },
    });
  }
  // Read from the database: registered after the pool's gauges, which prom-client reads first,
  // so its query is not counted as waiting for the pool.
  new Gauge({
    name: "payment_reconciliation_mismatches",
    help: "Movements of money found differing between the provider's bills and the ledger, over the days the console lists",
    registers: [registry],
    async collect() {
      this.set(await listedMismatchCount({ db: app.db }));
    },
  });
  new Gauge({
    name: "payment_settlements_failed",
    help: "Refunds and releases the payment provider failed after every retry, waiting for a moderator",
    registers: [registry],
    async collect() {
      this.set(await failedSettlementCount({ db: app.db }));
    },
  });
  new Gauge({
    name: "refund_disputes_overdue",
    help: "Refund disputes waiting for a moderator's ruling longer than REFUND_DISPUTE_ALERT_HOURS",
    registers: [registry],
    async collect() {
      this.set(await overdueDisputes({ db: app.db, config: app.config }));
    },
  });
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Compared as digests in constant time: the answer tells nothing about how much of it matched. */
function holdsToken(req: FastifyRequest, expected: Buffer): boolean {
  const token = bearerTokenOf(req.headers.authorization);
  return token !== undefined && timingSafeEqual(digest(token), expected);
}
