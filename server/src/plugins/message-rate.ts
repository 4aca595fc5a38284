import type { Redis } from "ioredis";

/**
 * Counts a user's chat messages over all of their sockets with GCRA (a token bucket kept as one
 * number: the time the bucket would be full again), so `burst` messages pass at once and then
 * `perSecond` each second.
 */
export interface MessageRate {
  allow(userId: number): Promise<boolean>;
}

interface Pace {
  intervalMs: number;
  toleranceMs: number;
}

function paceOf(burst: number, perSecond: number): Pace {
  const intervalMs = 1000 / perSecond;
  return { intervalMs, toleranceMs: intervalMs * (burst - 1) };
}

/** Within this process alone: the count when there is no Redis, or while Redis is away. */
export function memoryMessageRate(
  burst: number,
  perSecond: number,
): MessageRate & { allowNow(userId: number): boolean } {
  const { intervalMs, toleranceMs } = paceOf(burst, perSecond);
  const fullAgainAt = new Map<number, number>();
  const forgetIdle = (now: number) => {
    for (const [userId, at] of fullAgainAt) if (at <= now) fullAgainAt.delete(userId);
  };
  const allowNow = (userId: number) => {
    const now = Date.now();
    if (fullAgainAt.size > 10_000) forgetIdle(now);
    const at = Math.max(fullAgainAt.get(userId) ?? now, now);
    if (at - now > toleranceMs) return false;
    fullAgainAt.set(userId, at + intervalMs);
    return true;
  };
  return { allowNow, allow: async (userId) => allowNow(userId) };
}

/** The same count in Redis, one atomic script per message, on Redis's clock: shared by processes. */
const GCRA_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
local at = tonumber(redis.call('GET', KEYS[1]) or now)
if at < now then at = now end
if at - now > tolerance then return 0 end
redis.call('SET', KEYS[1], at + interval, 'PX', math.ceil(at + interval - now))
return 1
`;

export function redisMessageRate(
  redis: Redis,
  keyPrefix: string,
  burst: number,
  perSecond: number,
  onRedisError: (error: unknown) => void,
): MessageRate {
  const { intervalMs, toleranceMs } = paceOf(burst, perSecond);
  const fallback = memoryMessageRate(burst, perSecond);
  redis.defineCommand("chatMessageRate", { numberOfKeys: 1, lua: GCRA_SCRIPT });
  const run = (redis as unknown as { chatMessageRate(key: string, ...args: number[]): Promise<number> })
    .chatMessageRate;
  return {
    async allow(userId) {
      if (redis.status !== "ready") return fallback.allowNow(userId);
      try {
        return (await run.call(redis, `${keyPrefix}${userId}`, intervalMs, toleranceMs)) === 1;
      } catch (error) {
        // Redis is away: each process keeps counting on its own until it is back.
        onRedisError(error);
        return fallback.allowNow(userId);
      }
    },
  };
}
