/**
 * The people of the mixed and edge benchmarks, written straight into a database that bulk-load.ts
 * filled: users with one session each (signed in without captcha or e-mail), the sellers of the
 * goods when bulk-load spread them, a few favourites each, and one user keeping many favourites.
 */
import { sql } from "kysely";
import type { DatabaseTarget } from "../src/db/database.js";
import { openDatabase } from "../src/db/database.js";
import { hashPassword, randomToken, sha256 } from "../src/lib/secrets.js";
import { sellerUsername } from "./bulk-load.js";
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
  /** The seller of a goods: users[(id - 1) mod n] when bulk-load spread them, else its one seller. */
  sellerOf(goodsId: number): number;
}

export interface PopulationSize {
  users: number;
  goodsCount: number;
  favoritesPerUser: number;
  heavyFavorites: number;
  /** bulk-load spread the goods over `users` sellers, who become the bench users. */
  sellersFilled: boolean;
}

const BATCH = 2_000;

function batches<T>(rows: T[]): T[][] {
  return Array.from({ length: Math.ceil(rows.length / BATCH) }, (_, i) => rows.slice(i * BATCH, (i + 1) * BATCH));
}

/**
 * Writes the population. With `sellersFilled`, bulk-load already made users 1..n the goods' sellers
 * (fill with `sellers: users`): they become the bench users. Otherwise new users are made and the
 * goods stay with bulk-load's one seller.
 */
export async function populate(target: DatabaseTarget, size: PopulationSize): Promise<Population> {
  const db = openDatabase(target);
  const random = seededRandom(7);
  const now = new Date().toISOString();
  const expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  try {
    const names = Array.from({ length: size.users }, (_, i) =>
      size.sellersFilled ? sellerUsername(i + 1) : `bench_u${i}`,
    );
    if (size.sellersFilled) await db.updateTable("users").set({ passwordHash }).execute();
    const newNames = [...(size.sellersFilled ? [] : names), "bench_fan"];
    for (const batch of batches(newNames)) {
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
    const everyName = [...names, "bench_fan"];
    const rows = await db.selectFrom("users").select(["id", "username"]).where("username", "in", everyName).execute();
    const idOf = new Map(rows.map((row) => [row.username, row.id]));
    const everyone = everyName.map((username) => ({
      id: idOf.get(username) as number,
      username,
      token: randomToken(),
    }));
    for (const batch of batches(everyone)) {
      await db
        .insertInto("sessions")
        .values(batch.map((user) => ({ userId: user.id, tokenHash: sha256(user.token), createdAt: now, expiresAt })))
        .execute();
    }
    const users = everyone.slice(0, size.users);
    const heavyFan = everyone[size.users] as BenchUser;
    const sellerOf = (goodsId: number) => (size.sellersFilled ? 1 + ((goodsId - 1) % size.users) : 1);

    const randomGoods = () => 1 + Math.floor(random() * size.goodsCount);
    type Favorite = { userId: number; goodsId: number; createdAt: string; favoritedPriceCents: number };
    const favorites = new Map<string, Favorite>();
    const addFavorite = (userId: number, goodsId: number, i: number) => {
      if (sellerOf(goodsId) === userId) return;
      const createdAt = new Date(Date.parse(now) - i * 1000).toISOString();
      favorites.set(`${userId}:${goodsId}`, { userId, goodsId, createdAt, favoritedPriceCents: 0 });
    };
    for (const user of users) {
      for (let i = 0; i < size.favoritesPerUser; i++) addFavorite(user.id, randomGoods(), i);
    }
    const before = favorites.size;
    for (let i = 0; favorites.size - before < size.heavyFavorites; i++) addFavorite(heavyFan.id, randomGoods(), i);
    for (const batch of batches([...favorites.values()])) await db.insertInto("favorites").values(batch).execute();
    // Kept at the goods' price, every other one at a higher one: the pages show drops, as real ones would.
    await sql`UPDATE favorites SET favorited_price_cents =
      (SELECT price_cents FROM goods WHERE goods.id = favorites.goods_id) + (goods_id % 2) * 1000`.execute(db);
    // bulk-load analysed the tables with hardly any users: with those statistics SQLite reads a page
    // of goods by scanning users (3 ms instead of 0.04 ms at 20,000 goods).
    await sql`ANALYZE`.execute(db);
    return { users, heavyFan, goodsCount: size.goodsCount, sellerOf };
  } finally {
    await db.destroy();
  }
}
