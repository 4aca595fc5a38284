import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyWebsocket from "@fastify/websocket";
import { ChatLimits } from "@xianzhi/contract";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { KyselyPlugin } from "kysely";
import type { Config } from "./config.js";
import { type DatabaseTarget, openDatabase } from "./db/database.js";
import { migrateToLatest } from "./db/migrate.js";
import { seedDemoData } from "./demo/seed.js";
import { accountRoutes } from "./features/accounts/index.js";
import { addressRoutes } from "./features/addresses/index.js";
import { ViewerBlocks } from "./features/block-checks/index.js";
import { blockRoutes } from "./features/blocks/index.js";
import { chatRoutes, chatSocketRoutes, closeSocketsForRestart } from "./features/chat/index.js";
import { commentRoutes } from "./features/comments/index.js";
import { dealRoutes } from "./features/deals/index.js";
import { favoriteRoutes } from "./features/favorites/index.js";
import { followRoutes } from "./features/follows/index.js";
import { goodsRoutes, ViewCounter } from "./features/goods/index.js";
import { healthRoutes } from "./features/health/index.js";
import { adminRoutes, moderationRoutes } from "./features/moderation/index.js";
import { createNotifier, notificationRoutes, openWebPush } from "./features/notifications/index.js";
import { offerRoutes } from "./features/offers/index.js";
import {
  earningsRoutes,
  orderRoutes,
  paymentWebhookRoutes,
  payoutAccountRoutes,
  settlementRoutes,
} from "./features/orders/index.js";
import { ownDataRoutes } from "./features/own-data/index.js";
import { createPaymentProvider, SandboxProvider, sandboxPayRoutes } from "./features/payments/index.js";
import { openPictureFiles, pictureRoutes, servePictureFiles, servePicturesFrom } from "./features/pictures/index.js";
import { reconciliationRoutes } from "./features/reconciliation/index.js";
import { disputeRoutes, refundRoutes } from "./features/refunds/index.js";
import { reviewRoutes } from "./features/reviews/index.js";
import { savedSearchRoutes } from "./features/saved-searches/index.js";
import { sellerRoutes } from "./features/sellers/index.js";
import { WordRules } from "./features/word-rules/index.js";
import { lazyChildLogger } from "./http/lazy-logger.js";
import { markPrivateAnswers } from "./http/private-answers.js";
import { TtlCache } from "./http/response-cache.js";
import { readsOnly } from "./http/route-hooks.js";
import { trustProxyOption } from "./http/trust-proxy.js";
import { scheduleChores } from "./jobs/chores.js";
import { PlaceLookup } from "./lib/places.js";
import { registerApiDocs } from "./plugins/api-docs.js";
import { answerUnavailableWhileClosing } from "./plugins/closing.js";
import { registerDeclaredRoutes } from "./plugins/declared-routes.js";
import { answerClientError, registerErrorEnvelope, sendErrorEnvelope } from "./plugins/error-envelope.js";
import { createMailer } from "./plugins/mail.js";
import { registerMetrics } from "./plugins/metrics.js";
import { PeriodicJobs } from "./plugins/periodic-jobs.js";
import { registerRateLimits } from "./plugins/rate-limit.js";
import { createHub } from "./plugins/realtime.js";
import { OneLinePerRequest } from "./plugins/request-log.js";
import { registerSecurityHeaders } from "./plugins/security-headers.js";
import { registerWebApp } from "./plugins/web-app.js";

export interface BuildOptions {
  /** Overrides where the data lives (tests give each app a database of its own). */
  database?: DatabaseTarget;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Periodic jobs only run by hand (`npm run job`), not on their schedule. */
  jobsByHandOnly?: boolean;
  /** Kysely plugins for the app's database (race tests interleave its statements: test-support). */
  databasePlugins?: readonly KyselyPlugin[];
}

export function databaseTargetOf(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { postgresUrl: config.databaseUrl }
    : { sqliteFile: path.join(config.dataDir, "xianzhi.db") };
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options),
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyChildLogger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Bad URLs, over-long ids and requests the HTTP parser refuses are answered as the envelope too.
    frameworkErrors: sendErrorEnvelope,
    clientErrorHandler: answerClientError,
    return503OnClosing: false,
  });
  const db = openDatabase(options.database ?? databaseTargetOf(config), {
    limits: config.databaseLimits,
    log: app.log,
    plugins: options.databasePlugins,
  });
  app.decorate("config", config);
  app.decorate("db", db);
  app.decorate("mailer", createMailer(config, app.log));
  app.decorate("pictureFiles", await openPictureFiles(config));
  servePicturesFrom(app.pictureFiles.store);
  app.decorate("hub", createHub(config.redisUrl, config.redisChannel, app.log));
  const webPush = await openWebPush(config, db, app.hub, app.log);
  app.decorate("notifier", createNotifier(db, app.hub, webPush, app.log));
  app.decorate("goodsViews", new ViewCounter(db, app.log));
  app.decorate("answers", new TtlCache(config.responseCacheMs));
  app.decorate("wordRules", new WordRules(db));
  app.decorate("places", await PlaceLookup.open(config.geoipDb));
  app.decorate("viewerBlocks", new ViewerBlocks(db, config.responseCacheMs));
  // The sandbox provider posts its signed webhooks to this app's own endpoint, through its HTTP
  // stack (signature check, raw body, envelope), as a real provider's would arrive. Not before the
  // app is ready: an inject while the routes are still being added (a delivery owed from before a
  // restart, sent by the jobs that run at start) would start the app half-built. Until then the
  // webhook counts as not delivered, and is sent again on the sandbox's schedule.
  let readyForWebhooks = false;
  app.addHook("onReady", async () => {
    readyForWebhooks = true;
  });
  app.decorate(
    "payments",
    createPaymentProvider(config, {
      db,
      send: async (webhook) => {
        if (!readyForWebhooks) return 503;
        const url = "/api/payments/sandbox/webhook";
        return (await app.inject({ method: "POST", url, headers: webhook.headers, payload: webhook.body })).statusCode;
      },
      onDeliveryError: (error) => app.log.error({ err: error }, "the sandbox provider could not send its webhooks"),
    }),
  );
  app.decorate(
    "jobs",
    new PeriodicJobs(config.redisUrl, `${config.redisChannel}:job:`, app.log, options.jobsByHandOnly),
  );
  app.addHook("onClose", async () => {
    await app.jobs.close();
    if (app.payments instanceof SandboxProvider) app.payments.close();
    app.mailer.close();
    // Pushes under way finish first: they read the database and ask the hub who is connected.
    await webPush.settled();
    await app.hub.close();
    await app.goodsViews.close();
    app.pictureFiles.store.close();
    await db.destroy();
  });

  await migrateToLatest(db);
  if (config.demoData) await seedDemoData(db, app.pictureFiles, app.log);
  await app.jobs.connect();
  scheduleChores(app);

  registerErrorEnvelope(app);
  registerMetrics(app);
  answerUnavailableWhileClosing(app);
  app.answers.clearOnChanges(app);
  markPrivateAnswers(app);
  registerSecurityHeaders(app, config.s3 ? [new URL(config.s3.publicUrl).origin] : []);
  // A GET has no body: nothing to decompress, so no decompression hook on reads.
  app.addHook("onRoute", (route) => {
    if (readsOnly(route)) route.decompress ??= false;
  });
  // API answers are compressed as they go; the web app's files come compressed from the build.
  await app.register(fastifyCompress, { encodings: ["br", "gzip"] });
  await registerRateLimits(app);
  closeSocketsForRestart(app);
  await app.register(fastifyWebsocket, { options: { maxPayload: ChatLimits.frameBytesMax } });
  registerDeclaredRoutes(app);
  const features = [
    accountRoutes,
    ownDataRoutes,
    goodsRoutes,
    sellerRoutes,
    followRoutes,
    savedSearchRoutes,
    reviewRoutes,
    pictureRoutes,
    commentRoutes,
    favoriteRoutes,
    chatRoutes,
    chatSocketRoutes,
    notificationRoutes,
    moderationRoutes,
    adminRoutes,
    reconciliationRoutes,
    disputeRoutes,
    settlementRoutes,
    blockRoutes,
    offerRoutes,
    dealRoutes,
    addressRoutes,
    orderRoutes,
    payoutAccountRoutes,
    earningsRoutes,
    refundRoutes,
    paymentWebhookRoutes,
    ...(app.payments instanceof SandboxProvider ? [sandboxPayRoutes(app.payments)] : []),
    healthRoutes,
  ];
  for (const routes of features) {
    await app.register(routes, { prefix: "/api" });
  }
  await registerApiDocs(app);
  await servePictureFiles(app, app.pictureFiles.store);
  await registerWebApp(app, config.webDist);
  return app;
}

function loggerOptions(config: Config, options: BuildOptions): FastifyServerOptions["logger"] {
  if (options.logger === false) return false;
  return { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) };
}
