import fastifyRateLimit, { normalizeIP } from "@fastify/rate-limit";
import { type RateLimit, type RateLimitName, RateLimits } from "@xianzhi/contract";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config.js";
import { appError } from "../errors.js";
import { addRouteHook } from "../http/route-hooks.js";
import { sha256 } from "../lib/secrets.js";
import { WindowCounter, windowLimit } from "./address-limit.js";
import { optionalUser } from "./auth.js";

/** Whom a limit counts: the client address, the signed-in account, or the inbox mailed to. */
type Counted = (req: FastifyRequest) => string | Promise<string>;

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
 * The recipient as the e-mail schema normalises it (the route validates the body after this),
 * hashed so that the counters in Redis do not hold people's addresses.
 */
const byRecipient: Counted = (req) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return `to:${sha256(typeof email === "string" ? email.trim().toLowerCase() : "")}`;
};

type RouteLimitName = Exclude<RateLimitName, "apiPerAddress">;

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
};

export type RateLimitHooks = Record<RouteLimitName, preHandlerAsyncHookHandler>;

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
 * `app.rateLimits` as preHandler hooks (after the body is parsed, so a limit can count by what it
 * says). A 429 goes through the error handler like any error, with Retry-After.
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
  const hooks = Object.fromEntries(
    Object.entries(COUNTED_BY).map(([name, counted]) => {
      const check = app.createRateLimit({
        ...scaled(RateLimits[name as RouteLimitName], config),
        keyGenerator: async (req) => `${name}:${await counted(req)}`,
        skipOnError: true,
      });
      const hook: preHandlerAsyncHookHandler = async (req) => {
        const result = await check(req);
        if (!result.isAllowed && result.isExceeded) throw tooManyRequests(Math.max(1, result.ttlInSeconds));
      };
      return [name, hook];
    }),
  ) as RateLimitHooks;
  app.decorate("rateLimits", hooks);
}
