import fastifyRateLimit, { normalizeIP } from "@fastify/rate-limit";
import { type RateLimit, type RateLimitName, RateLimits } from "@xianzhi/contract";
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config.js";
import { appError } from "../errors.js";
import { addRouteHook, readsOnly } from "../http/route-hooks.js";
import { sha256 } from "../lib/secrets.js";
import { WindowCounter, windowLimit } from "./address-limit.js";
import { optionalUser } from "./auth.js";

/**
 * Whom a limit counts: the client address, the signed-in account, or the inbox mailed to; null
 * when the limit does not count the call.
 */
type Counted = (req: FastifyRequest) => string | null | Promise<string | null>;

/**
 * The address a client is counted by: an IPv6 client by its /64, since one subscriber holds the
 * whole block and could otherwise take a new address for every request.
 */
export const clientAddress = (req: FastifyRequest): string =>
  // An IPv4 address is its own key: no need for the IPv6 test (a long regular expression) per call.
  req.ip.includes(":") ? normalizeIP(req.ip) : req.ip;

const byAddress: Counted = (req) => `ip:${clientAddress(req)}`;

/** Signed-in calls count per account, so changing address does not help; signed out, per address. */
const byUser: Counted = async (req) => {
  const me = await optionalUser(req);
  return me ? `user:${me.userId}` : byAddress(req);
};

/**
 * Signed-in calls per account; others not at all (the address limits count them, and a bad token
 * is the route's to refuse).
 */
const byAccount: Counted = async (req) => {
  const me = await optionalUser(req).catch(() => null);
  return me ? `user:${me.userId}` : null;
};

/**
 * The recipient as the e-mail schema normalises it (the route validates the body after this),
 * hashed so that the counters in Redis do not hold people's addresses.
 */
const byRecipient: Counted = (req) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return `to:${sha256(typeof email === "string" ? email.trim().toLowerCase() : "")}`;
};

/** The limits routes name; `apiPerAddress` and `writePerUser` are applied to routes by this plugin. */
type RouteLimitName = Exclude<RateLimitName, "apiPerAddress" | "writePerUser">;

const COUNTED_BY: Record<RouteLimitName, Counted> = {
  loginPerAddress: byAddress,
  captchaPerAddress: byAddress,
  captchaConfirmPerAddress: byAddress,
  emailCodePerAddress: byAddress,
  emailCodePerRecipient: byRecipient,
  registerPerAddress: byAddress,
  passwordResetPerAddress: byAddress,
  uploadPerUser: byUser,
  goodsPostPerUser: byUser,
  commentPerUser: byUser,
  reportPerUser: byUser,
  passwordCheckPerUser: byUser,
  dataExportPerUser: byUser,
  offerPerUser: byUser,
  tradeActionPerUser: byUser,
  followPerUser: byUser,
  blockPerUser: byUser,
  favoritePerUser: byUser,
  goodsEditPerUser: byUser,
  profileEditPerUser: byUser,
  chatOpenPerUser: byUser,
  savedSearchPerUser: byUser,
  readMarkPerUser: byUser,
};

export type RateLimitHooks = Record<RouteLimitName, preValidationAsyncHookHandler>;

/**
 * The limits that count each write route's calls per signed-in account, by "POST /api/offers": its
 * own (`offerPerUser`) or, when it names none, `writePerUser`.
 */
export type AccountLimitsOfRoutes = ReadonlyMap<string, readonly RateLimitName[]>;

/** "请 40 秒后再试" under a minute, "请 12 分钟后再试" above. */
export function tooManyRequests(retryAfterSeconds: number) {
  const wait = retryAfterSeconds < 60 ? `${retryAfterSeconds} 秒` : `${Math.ceil(retryAfterSeconds / 60)} 分钟`;
  return appError("TOO_MANY_REQUESTS", `请求过于频繁，请 ${wait}后再试`, { retryAfterSeconds });
}

function scaled(limit: RateLimit, config: Config) {
  return { max: limit.max * config.rateLimitMultiplier, timeWindow: limit.windowSeconds * 1000 };
}

/**
 * Counts requests in Redis when REDIS_URL is set, so every server process shares one count, else
 * in this process. Every /api call counts against `apiPerAddress`; routes add the limits of
 * `app.rateLimits` as preValidation hooks (after the body is parsed, so a limit can count by what it
 * says). Every write under /api that names no per-account limit gets `writePerUser`, so a write
 * route added tomorrow cannot be left without one (`app.accountLimits` says which counts each). A
 * 429 goes through the error handler like any error, with Retry-After.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const { config } = app;
  // No offline queue: while Redis is away a count fails at once and the request goes on uncounted
  // (skipOnError below), instead of waiting for a reconnect.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: true, enableOfflineQueue: false, commandTimeout: 1000 })
    : null;
  if (redis) {
    redis.on("error", (error) => app.log.warn({ err: error }, "redis (rate limits)"));
    await redis.connect().catch((error) => app.log.warn({ err: error }, "redis (rate limits) not reachable yet"));
    app.addHook("onClose", async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  const apiLimit = scaled(RateLimits.apiPerAddress, config);
  // The web app's files and uploaded pictures are not counted: one page loads many. Decided once
  // per route here rather than per request. Without Redis the count stays here and is checked
  // synchronously (WindowCounter); with Redis the plugin counts it there.
  const counter = redis ? null : new WindowCounter(apiLimit.max, apiLimit.timeWindow);
  const limitAddress = counter && windowLimit(counter, clientAddress, tooManyRequests);
  app.addHook("onRoute", (route) => {
    const counted = route.url.startsWith("/api/");
    if (counted && limitAddress) addRouteHook(route, "onRequest", limitAddress);
    if (!counted || limitAddress) route.config = { ...route.config, rateLimit: false };
  });
  await app.register(fastifyRateLimit, {
    ...apiLimit,
    // The plugin's own key is `clientAddress` (an IPv6 client by its /64), without an await.
    ipv6Subnet: 64,
    ...(redis && { redis, nameSpace: config.rateLimitPrefix }),
    // While Redis is unreachable requests go through uncounted rather than fail.
    skipOnError: true,
    // The error handler sets Retry-After from the envelope, for this and every other 429. An
    // answer within the limit carries no X-RateLimit-* headers: no client reads them.
    addHeaders: { "retry-after": false },
    addHeadersOnExceeding: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false },
    errorResponseBuilder: (_req, context) => tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  const limitHook = (name: RateLimitName, counted: Counted): preValidationAsyncHookHandler => {
    /** Who the call counts against, worked out once per call: the check's key generator reads it. */
    const keys = new WeakMap<FastifyRequest, string>();
    const check = app.createRateLimit({
      ...scaled(RateLimits[name], config),
      keyGenerator: (req) => keys.get(req) as string,
      skipOnError: true,
    });
    return async (req) => {
      const key = await counted(req);
      if (key === null) return;
      keys.set(req, `${name}:${key}`);
      const result = await check(req);
      if (!result.isAllowed && result.isExceeded) throw tooManyRequests(Math.max(1, result.ttlInSeconds));
    };
  };
  const hooks = Object.fromEntries(
    Object.entries(COUNTED_BY).map(([name, counted]) => [name, limitHook(name as RouteLimitName, counted)]),
  ) as RateLimitHooks;
  app.decorate("rateLimits", hooks);

  const perAccount = new Map<unknown, RateLimitName>(
    Object.entries(COUNTED_BY)
      .filter(([, counted]) => counted === byUser)
      .map(([name]) => [hooks[name as RouteLimitName], name as RateLimitName]),
  );
  const writeLimit = limitHook("writePerUser", byAccount);
  const accountLimits = new Map<string, RateLimitName[]>();
  app.decorate("accountLimits", accountLimits as AccountLimitsOfRoutes);
  // Routes are registered after this plugin: each write gets its per-account limit as it comes.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || readsOnly(route)) return;
    const named = [route.preValidation ?? []].flat().flatMap((hook) => perAccount.get(hook) ?? []);
    if (named.length === 0) addRouteHook(route, "preValidation", writeLimit);
    for (const method of [route.method].flat()) {
      accountLimits.set(`${method} ${route.url}`, named.length > 0 ? named : ["writePerUser"]);
    }
  });
}
