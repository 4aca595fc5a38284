import type { PaymentProvider } from "./features/payments/index.js";
import "@fastify/websocket";
import "@fastify/multipart";
import type { Config } from "./config.js";
import type { Db } from "./db/database.js";
import type { ViewerBlocks } from "./features/block-checks/index.js";
import type { ViewCounter } from "./features/goods/index.js";
import type { Notifier } from "./features/notifications/index.js";
import type { PictureFiles } from "./features/pictures/index.js";
import type { WordRules } from "./features/word-rules/index.js";
import type { TtlCache } from "./http/response-cache.js";
import type { PlaceLookup } from "./lib/places.js";
import type { Mailer } from "./plugins/mail.js";
import type { PeriodicJobs } from "./plugins/periodic-jobs.js";
import type { AccountLimitsOfRoutes, RateLimitHooks } from "./plugins/rate-limit.js";
import type { Hub } from "./plugins/realtime.js";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    pictureFiles: PictureFiles;
    hub: Hub;
    /** Gives each write an outbox for the notifications it causes. */
    notifier: Notifier;
    /** Views of goods details, written about once a second. */
    goodsViews: ViewCounter;
    /** Public answers shared by every client for `config.responseCacheMs`. */
    answers: TtlCache;
    /** Which signed-in viewers have blocked someone: their lists leave those sellers' goods out. */
    viewerBlocks: ViewerBlocks;
    /** Who holds buyers' money for protected orders (PAYMENT_PROVIDER). */
    payments: PaymentProvider;
    /** Schedules the periodic jobs, each run once per period over all processes. */
    jobs: PeriodicJobs;
    /**
     * preValidation hooks that refuse a route's calls past its limit in `RateLimits`: before the
     * input is checked, so refused input counts too.
     */
    rateLimits: RateLimitHooks;
    /** The per-account limits each write route (POST, PUT, PATCH, DELETE under /api) counts against. */
    accountLimits: AccountLimitsOfRoutes;
    /** The prohibited-word rules goods are checked against, kept in memory. */
    wordRules: WordRules;
    /** Coarse places of addresses (GEOIP_DB). */
    places: PlaceLookup;
  }
}
