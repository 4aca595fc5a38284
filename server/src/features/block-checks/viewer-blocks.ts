import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { preparedQuery } from "../../db/prepared-query.js";
import { nowIso } from "../../lib/clock.js";
import { sha256 } from "../../lib/secrets.js";
import { bearerTokenOf } from "../../plugins/auth.js";
import { liveSessionOf, type SessionKey } from "../accounts/index.js";

/** Tokens remembered at most; past it the oldest goes. */
const ENTRIES_MAX = 10_000;

/** The session's user and whether they have blocked anyone, in one read. */
const viewerQuery = preparedQuery<SessionKey, { userId: number; hasBlocks: number | boolean }>((db, slot) =>
  liveSessionOf(db, slot).select(
    sql<number | boolean>`EXISTS (SELECT 1 FROM blocks WHERE blocks.blocker_id = sessions.user_id)`.as("hasBlocks"),
  ),
);

/**
 * Which viewers of the goods list and search have blocked someone, by their token: those get the
 * goods of the sellers they blocked left out, and everyone else (no token, or no blocks) keeps the
 * shared answers with no read of their own. What a token is known for is kept `ttlMs` (the shared
 * answers' lifetime, which bounds how late a change made through another process shows anyway)
 * and forgotten at once when its user blocks or unblocks through this process. It decides what a
 * list leaves out, never what anyone may do: a bad or expired token is simply an anonymous viewer.
 */
export class ViewerBlocks {
  readonly #entries = new Map<string, { expires: number; userId: number | null; hasBlocks: boolean }>();

  constructor(
    readonly db: Db,
    readonly ttlMs: number,
  ) {}

  /** The signed-in viewer's id when they have blocked someone, else undefined. */
  async blockerOf(req: FastifyRequest): Promise<number | undefined> {
    const token = bearerTokenOf(req.headers.authorization);
    if (!token) return undefined;
    const tokenHash = sha256(token);
    const now = Date.now();
    let entry = this.#entries.get(tokenHash);
    if (!entry || entry.expires <= now) {
      const [row] = await viewerQuery.execute(this.db, { tokenHash, now: nowIso() });
      entry = { expires: now + this.ttlMs, userId: row?.userId ?? null, hasBlocks: Boolean(row?.hasBlocks) };
      this.#remember(tokenHash, entry);
    }
    return entry.hasBlocks && entry.userId !== null ? entry.userId : undefined;
  }

  /** After the user's blocks changed: each of their tokens is read again. */
  forgetUser(userId: number): void {
    for (const [tokenHash, entry] of this.#entries) {
      if (entry.userId === userId) this.#entries.delete(tokenHash);
    }
  }

  #remember(tokenHash: string, entry: { expires: number; userId: number | null; hasBlocks: boolean }): void {
    if (this.ttlMs === 0) return;
    this.#entries.delete(tokenHash);
    if (this.#entries.size >= ENTRIES_MAX) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(tokenHash, entry);
  }
}
