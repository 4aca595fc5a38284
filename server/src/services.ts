import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "./config.js";
import type { Db } from "./db/database.js";
import type { ViewerBlocks } from "./features/block-checks/index.js";
import type { ViewCounter } from "./features/goods/index.js";
import type { NotificationOutbox, Notifier } from "./features/notifications/index.js";
import type { PaymentProvider } from "./features/payments/index.js";
import type { PictureFiles } from "./features/pictures/index.js";
import type { WordRules } from "./features/word-rules/index.js";
import type { TtlCache } from "./http/response-cache.js";
import type { PlaceLookup } from "./lib/places.js";
import type { Mailer } from "./plugins/mail.js";
import type { Hub } from "./plugins/realtime.js";

/**
 * Everything a service may be given. A service (what routes, jobs and commands call) takes its
 * dependencies as its first parameter, `Deps<...>` naming exactly the ones it uses; repositories
 * and the helpers that run inside a caller's transaction take the `tx` instead, never put in here.
 */
export interface ServiceDeps {
  db: Db;
  /** The notifications of one write: recorded in its transaction, pushed once it has committed. */
  outbox: NotificationOutbox;
  /** Gives outboxes, for work that makes several writes (a job). */
  notifier: Notifier;
  hub: Hub;
  mailer: Mailer;
  log: FastifyBaseLogger;
  pictureFiles: PictureFiles;
  /** The prohibited-word rules goods are checked against. */
  wordRules: WordRules;
  /** Views of goods details, written about once a second. */
  views: ViewCounter;
  /** Public answers shared by every client for a moment. */
  answers: TtlCache;
  /** Which signed-in viewers have blocked someone. */
  viewerBlocks: ViewerBlocks;
  /** Who holds buyers' money for protected orders. */
  payments: PaymentProvider;
  /** Coarse places of addresses, when a GeoIP database is configured. */
  places: PlaceLookup;
  config: Config;
}

/** The dependencies a service uses, by name: `Deps<"db" | "outbox">`. */
export type Deps<K extends keyof ServiceDeps> = Pick<ServiceDeps, K>;

/**
 * The app's dependencies for one call of a service: made per request (or per job run), since its
 * outbox belongs to one write; made when first asked for, so reads make none. `log` is the
 * request's when there is one.
 */
export function serviceDeps(app: FastifyInstance, req?: FastifyRequest): ServiceDeps {
  let outbox: NotificationOutbox | undefined;
  return {
    db: app.db,
    get outbox() {
      outbox ??= app.notifier.outbox();
      return outbox;
    },
    notifier: app.notifier,
    hub: app.hub,
    mailer: app.mailer,
    log: req?.log ?? app.log,
    pictureFiles: app.pictureFiles,
    wordRules: app.wordRules,
    views: app.goodsViews,
    answers: app.answers,
    viewerBlocks: app.viewerBlocks,
    payments: app.payments,
    places: app.places,
    config: app.config,
  };
}
