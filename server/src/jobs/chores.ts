import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import { refreshPlannerStatistics } from "../db/database.js";
import { purgeExpired } from "../features/accounts/index.js";
import { purgeOldNotifications, sendDigests } from "../features/notifications/index.js";
import { expireOffers, remindExpiringOffers } from "../features/offers/index.js";
import { fireDueOrderTimers, pollUnpaidOrders, remindOrders, settleOrders } from "../features/orders/index.js";
import { purgeDeletedAccounts } from "../features/own-data/index.js";
import { SandboxProvider } from "../features/payments/index.js";
import { purgeOrphanFiles, purgeUnusedUploads } from "../features/pictures/index.js";
import { reconcileYesterday } from "../features/reconciliation/index.js";
import { fireDueRefundTimers } from "../features/refunds/index.js";
import { liftEndedSuspensions } from "../features/suspensions/index.js";
import { nowIso } from "../lib/clock.js";
import type { PeriodicJob } from "../plugins/periodic-jobs.js";
import { type ServiceDeps, serviceDeps } from "../services.js";

/**
 * The server's periodic chores, each a job of its own (plugins/periodic-jobs.ts): its own period,
 * its own lease across processes, its own log line and metrics series, run by hand with
 * `npm run job -- <name>`. They ran as one job in one Promise.all: one failure was logged for all,
 * and none could be run or tested alone. Each run is given the app's services' dependencies, made
 * afresh for it (its own outbox), as a route's call is.
 */
export interface Chore extends Omit<PeriodicJob, "run"> {
  run(deps: ServiceDeps, config: Config): Promise<unknown>;
}

/** Order timers fire within a minute of their deadline; money owed is retried as often. */
const EVERY_MINUTE = { everyMs: 60 * 1000, runAtStart: true };

/** The purges' and reminders' period, and a run at start-up (a crash leaves rows and files). */
const EVERY_TEN_MINUTES = { everyMs: 10 * 60 * 1000, runAtStart: true };

export const CHORES: readonly Chore[] = [
  {
    name: "purge-expired-codes",
    does: "removes expired verification codes and sessions",
    ...EVERY_TEN_MINUTES,
    run: ({ db }) => purgeExpired(db, nowIso()),
  },
  {
    name: "purge-unused-uploads",
    does: "removes pictures uploaded but never put on goods",
    ...EVERY_TEN_MINUTES,
    run: (deps) => purgeUnusedUploads(deps),
  },
  {
    name: "purge-orphan-files",
    does: "removes the files of interrupted uploads",
    ...EVERY_TEN_MINUTES,
    run: async (deps, config) => {
      const removed = await purgeOrphanFiles(deps, config.uploadGraceSeconds * 1000);
      if (removed.temporaries + removed.pictureFiles > 0)
        deps.log.info({ removed }, "removed files of interrupted uploads");
      return removed;
    },
  },
  {
    name: "purge-old-notifications",
    does: "removes notifications past their keeping time",
    ...EVERY_TEN_MINUTES,
    run: (deps) => purgeOldNotifications(deps),
  },
  {
    name: "send-digests",
    does: "mails the daily digests that are due",
    ...EVERY_TEN_MINUTES,
    run: (deps) => sendDigests(deps),
  },
  {
    name: "expire-offers",
    does: "ends offers past their deadline",
    ...EVERY_TEN_MINUTES,
    run: (deps) => expireOffers(deps),
  },
  {
    name: "remind-expiring-offers",
    does: "reminds sellers of offers about to expire",
    ...EVERY_TEN_MINUTES,
    run: (deps) => remindExpiringOffers(deps),
  },
  {
    name: "lift-ended-suspensions",
    does: "lifts suspensions whose time is up",
    ...EVERY_TEN_MINUTES,
    run: (deps) => liftEndedSuspensions(deps),
  },
  {
    name: "purge-deleted-accounts",
    does: "erases accounts whose deletion grace period has ended",
    ...EVERY_TEN_MINUTES,
    run: (deps) => purgeDeletedAccounts(deps),
  },
  {
    name: "fire-order-timers",
    does: "closes unpaid orders, refunds unshipped ones, confirms receipt when time is up",
    ...EVERY_MINUTE,
    run: (deps) => fireDueOrderTimers(deps),
  },
  {
    name: "fire-refund-timers",
    does: "agrees to unanswered refunds, closes unreturned ones, refunds unconfirmed returns, escalates stalled ones",
    ...EVERY_MINUTE,
    run: (deps) => fireDueRefundTimers(deps),
  },
  {
    name: "remind-orders",
    does: "reminds sellers to ship and buyers that receiving time runs out",
    ...EVERY_MINUTE,
    run: (deps) => remindOrders(deps),
  },
  {
    name: "poll-unpaid-orders",
    does: "asks the payment provider about unpaid orders whose webhook has not come",
    ...EVERY_MINUTE,
    run: (deps) => pollUnpaidOrders(deps),
  },
  {
    name: "settle-orders",
    does: "retries the refunds and releases the payment provider has not done",
    ...EVERY_MINUTE,
    run: (deps) => settleOrders(deps),
  },
  {
    name: "deliver-sandbox-webhooks",
    does: "the sandbox payment provider sends its webhooks that are due (PAYMENT_PROVIDER=sandbox)",
    everyMs: 5 * 1000,
    runAtStart: true,
    run: ({ payments }) => (payments instanceof SandboxProvider ? payments.deliverDueWebhooks() : Promise.resolve(0)),
  },
  {
    name: "reconcile-payments",
    does: "compares yesterday's bill from the payment provider with the ledger (Beijing days), once",
    everyMs: 60 * 60 * 1000,
    runAtStart: true,
    run: (deps) => reconcileYesterday(deps),
  },
  {
    name: "refresh-planner-statistics",
    does: "refreshes the database planner's statistics",
    ...EVERY_TEN_MINUTES,
    run: ({ db }) => refreshPlannerStatistics(db),
  },
];

/** Every chore as a job of its own, once per its period over all server processes. */
export function scheduleChores(app: FastifyInstance): void {
  for (const chore of CHORES) {
    app.jobs.schedule({ ...chore, run: () => chore.run(serviceDeps(app), app.config) });
  }
}
