import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";

/** How long a process's word that a user is connected holds unless renewed (a crashed process's lapses). */
export const PRESENCE_TTL_MS = 60_000;
const RENEW_EVERY_MS = PRESENCE_TTL_MS / 3;

/**
 * Which users hold an open socket on any server process, kept in Redis: per user a sorted set of
 * the processes holding one of their sockets, each scored with when its word lapses. A process
 * adds itself when a user's first socket opens here and removes itself when the last closes, and
 * renews every user it holds a third of the way through the lapse time, so a process that died
 * without a word is forgotten within PRESENCE_TTL_MS.
 */
export class RedisPresence {
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly origin: string,
    private readonly usersHere: () => Iterable<number>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.timer = setInterval(() => void this.renew([...this.usersHere()]), RENEW_EVERY_MS);
    this.timer.unref();
  }

  /** The user's first socket on this process opened. */
  arrived(userId: number): void {
    void this.renew([userId]);
  }

  /** The user's last socket on this process closed. */
  left(userId: number): void {
    if (this.redis.status !== "ready") return;
    this.redis.zrem(this.key(userId), this.origin).catch((error) => this.unsaid(error));
  }

  /** Of these users, those with a socket on some process; rejects when Redis does not answer. */
  async connected(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const now = Date.now();
    const pipeline = this.redis.pipeline();
    for (const userId of userIds) pipeline.zcount(this.key(userId), now, "+inf");
    const answers = (await pipeline.exec()) ?? [];
    const connected = new Set<number>();
    answers.forEach(([error, count], index) => {
      if (error) throw error;
      if (Number(count) > 0) connected.add(userIds[index] as number);
    });
    return connected;
  }

  /** Takes this process's word back for every user it holds (it is closing). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    const users = [...this.usersHere()];
    if (users.length === 0 || this.redis.status !== "ready") return;
    const pipeline = this.redis.pipeline();
    for (const userId of users) pipeline.zrem(this.key(userId), this.origin);
    await pipeline.exec().catch((error) => this.unsaid(error));
  }

  private async renew(userIds: number[]): Promise<void> {
    // Away: said again at the next renewal after Redis is back.
    if (userIds.length === 0 || this.redis.status !== "ready") return;
    const lapses = Date.now() + PRESENCE_TTL_MS;
    const pipeline = this.redis.pipeline();
    for (const userId of userIds) {
      pipeline.zadd(this.key(userId), lapses, this.origin);
      pipeline.pexpire(this.key(userId), PRESENCE_TTL_MS);
    }
    await pipeline.exec().catch((error) => this.unsaid(error));
  }

  private key(userId: number): string {
    return `${this.prefix}${userId}`;
  }

  private unsaid(error: unknown): void {
    this.log.debug({ err: error }, "redis: presence not updated; renewed later");
  }
}
