/**
 * The people of the mixed and edge benchmarks, written straight into a database that bulk-load.ts
 * filled: users with one session each (signed in without captcha or e-mail), the goods spread over
 * them as sellers, a few favourites each, and one user keeping 10,000 favourites.
 */
import { sql } from "kysely";
import type { DatabaseTarget } from "../src/db/database.js";
import { dialectOf, openDatabase } from "../src/db/database.js";
import { hashPassword, randomToken, sha256 } from "../src/lib/secrets.js";
import { seededRandom } from "./catalogue.js";

/** Every bench user's password: sign-ins in the mix check it for real (scrypt). */
export const BENCH_PASSWORD = "bench-password-1";

export interface BenchUser {
  id: number;
  username: string;
  token: string;
}

export interface Population {
  users: BenchUser[];
  /** The user keeping `heavyFavorites` favourites (not among `users`). */
  heavyFan: BenchUser;
  goodsCount: number;
  /** The seller of a goods: users[id mod n] when the goods were spread, else bulk-load's one seller. */
  sellerOf(goodsId: number): number;
}

export interface PopulationSize {
  users: number;
  goodsCount: number;
  favoritesPerUser: number;
  heavyFavorites: number;
  /** Give the goods to the users (one UPDATE of every goods row); else they stay bulk-load's seller's. */
  spreadGoods: boolean;
}

const BATCH = 2_000;

function batches<T>(rows: T[]): T[][] {
  return Array.from({ length: Math.ceil(rows.length / BATCH) }, (_, i) => rows.slice(i * BATCH, (i + 1) * BATCH));
}

/** Writes the population; user ids follow bulk-load's one seller (id 1), so they run from 2. */
export async function populate(target: DatabaseTarget, size: PopulationSize): Promise<Population> {
  const db = openDatabase(target);
  const random = seededRandom(7);
  const now = new Date().toISOString();
  const expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  try {
    const names = Array.from({ length: size.users + 1 }, (_, i) => (i < size.users ? `bench_u${i}` : "bench_fan"));
    for (const batch of batches(names)) {
      await db
        .insertInto("users")
        .values(
          batch.map((username) => ({
            username,
            usernameLower: username,
            email: `${username}@example.com`,
            passwordHash,
            nickname: username,
            avatarUrl: null,
            bio: "",
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute();
    }
    const rows = await db.selectFrom("users").select(["id", "username"]).where("username", "in", names).execute();
    const idOf = new Map(rows.map((row) => [row.username, row.id]));
    const everyone = names.map((username) => ({ id: idOf.get(username) as number, username, token: randomToken() }));
    for (const batch of batches(everyone)) {
      await db
        .insertInto("sessions")
        .values(batch.map((user) => ({ userId: user.id, tokenHash: sha256(user.token), createdAt: now, expiresAt })))
        .execute();
    }
    const users = everyone.slice(0, size.users);
    const heavyFan = everyone[size.users] as BenchUser;
    const firstUserId = (users[0] as BenchUser).id;
    // Seller of goods g: users[g mod n]. Ids are consecutive from bulk-load, so this is one UPDATE.
    if (size.spreadGoods) {
      await db
        .updateTable("goods")
        .set((eb) => ({ sellerId: eb(eb(eb.ref("id"), "%", size.users), "+", firstUserId) }))
        .execute();
    }
    const sellerOf = (goodsId: number) => (size.spreadGoods ? firstUserId + (goodsId % size.users) : 1);

    const randomGoods = () => 1 + Math.floor(random() * size.goodsCount);
    const favorites = new Map<string, { userId: number; goodsId: number; createdAt: string }>();
    const addFavorite = (userId: number, goodsId: number, i: number) => {
      if (sellerOf(goodsId) === userId) return;
      const createdAt = new Date(Date.parse(now) - i * 1000).toISOString();
      favorites.set(`${userId}:${goodsId}`, { userId, goodsId, createdAt });
    };
    for (const user of users) {
      for (let i = 0; i < size.favoritesPerUser; i++) addFavorite(user.id, randomGoods(), i);
    }
    const before = favorites.size;
    for (let i = 0; favorites.size - before < size.heavyFavorites; i++) addFavorite(heavyFan.id, randomGoods(), i);
    for (const batch of batches([...favorites.values()])) await db.insertInto("favorites").values(batch).execute();
    // bulk-load analysed the tables with one user owning every goods: with those statistics SQLite
    // reads a page of goods by scanning users (3 ms instead of 0.04 ms at 20,000 goods). On
    // PostgreSQL the UPDATE also left every goods row dead, and index-only scans need them vacuumed.
    await sql`${sql.raw(dialectOf(db) === "postgres" ? "VACUUM ANALYZE" : "ANALYZE")}`.execute(db);
    return { users, heavyFan, goodsCount: size.goodsCount, sellerOf };
  } finally {
    await db.destroy();
  }
}
