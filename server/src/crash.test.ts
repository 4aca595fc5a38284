import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createServerData,
  killHard,
  type ServerData,
  type ServerProcess,
  signedInUser,
  startServer,
  waitUntil,
} from "./test-support/server-process.js";

const KILLS = 2;
const USERS = 8;
/** Writes acknowledged in each round before the kill: the kill lands while others are mid-way. */
const ACKS_PER_ROUND = 80;

interface Writer {
  id: string;
  token: string;
}

/** Every write a client was told succeeded. */
const acked = { goods: new Set<string>(), comments: new Set<string>(), favorites: new Set<string>() };
/** Goods known to exist, each with its seller, for comments and favourites to aim at. */
const knownGoods: { id: string; sellerId: string }[] = [];
const favoriteKey = (userId: string, goodsId: string) => `${userId}:${goodsId}`;

let data: ServerData;
let server: ServerProcess | undefined;
let writers: Writer[];

/** One API call; null when the process is gone or the answer is not a success. */
async function write(to: ServerProcess, writer: Writer, url: string, body: object): Promise<{ id?: string } | null> {
  try {
    const response = await fetch(`${to.url}${url}`, {
      method: "POST",
      headers: { authorization: `Bearer ${writer.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const reply = (await response.json()) as { code: number; data: { id?: string } };
    return response.status === 200 && reply.code === 200 ? reply.data : null;
  } catch {
    return null;
  }
}

const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

/** Posts goods, comments on goods, and favourites others' goods, in turn. */
async function writeOnce(to: ServerProcess, writer: Writer, turn: number): Promise<void> {
  const target = pick(knownGoods.filter((goods) => goods.sellerId !== writer.id));
  if (turn % 3 === 1 && target) {
    const comment = await write(to, writer, "/api/goodscomment", { goodsId: target.id, content: `第 ${turn} 条评论` });
    if (comment?.id) acked.comments.add(comment.id);
  } else if (turn % 3 === 2 && target && !acked.favorites.has(favoriteKey(writer.id, target.id))) {
    if (await write(to, writer, "/api/fav", { goodsId: target.id })) {
      acked.favorites.add(favoriteKey(writer.id, target.id));
    }
  } else {
    const goods = await write(to, writer, "/api/goods", {
      title: `二手书 ${turn}`,
      priceCents: 1000,
      category: "books",
      condition: "good",
    });
    if (goods?.id) {
      acked.goods.add(goods.id);
      knownGoods.push({ id: goods.id, sellerId: writer.id });
    }
  }
}

const ackCount = () => acked.goods.size + acked.comments.size + acked.favorites.size;

async function writeAndKill(to: ServerProcess): Promise<void> {
  const target = ackCount() + ACKS_PER_ROUND;
  let killed = false;
  const workers = writers.map(async (writer) => {
    for (let turn = 0; turn < 500 && !killed; turn += 1) await writeOnce(to, writer, turn);
  });
  try {
    await waitUntil(() => ackCount() >= target, 60_000);
  } finally {
    await killHard(to);
    killed = true;
    await Promise.all(workers);
  }
}

async function foundInDatabase() {
  const goods = await data.db.selectFrom("goods").select(["id", "favCount"]).execute();
  const comments = await data.db.selectFrom("comments").select("id").execute();
  const favorites = await data.db.selectFrom("favorites").select(["userId", "goodsId"]).execute();
  const favoritesPerGoods = new Map<number, number>();
  for (const row of favorites) favoritesPerGoods.set(row.goodsId, (favoritesPerGoods.get(row.goodsId) ?? 0) + 1);
  const has = (ids: Set<string>) => (row: { id: number }) => ids.has(String(row.id));
  return {
    goods: goods.filter(has(acked.goods)).length,
    comments: comments.filter(has(acked.comments)).length,
    favorites: favorites.filter((row) => acked.favorites.has(favoriteKey(String(row.userId), String(row.goodsId))))
      .length,
    favCountsOff: goods.filter((row) => row.favCount !== (favoritesPerGoods.get(row.id) ?? 0)).length,
  };
}

beforeAll(async () => {
  data = await createServerData();
  writers = await Promise.all(Array.from({ length: USERS }, (_, i) => signedInUser(data.db, `crash_writer_${i}`)));
}, 60_000);

afterAll(async () => {
  if (server) await killHard(server);
  await data?.remove();
});

describe("kill -9 during a burst of writes", () => {
  it("keeps every acknowledged goods post, comment and favourite", async () => {
    for (let kill = 0; kill < KILLS; kill += 1) {
      server = await startServer(data.env);
      await writeAndKill(server);
      server = undefined;
    }
    server = await startServer(data.env);
    const found = await foundInDatabase();
    console.info(
      `write crash test (${process.env.TEST_DB}): ${KILLS} kills; acknowledged ${acked.goods.size} goods, ` +
        `${acked.comments.size} comments, ${acked.favorites.size} favourites; found after restart ${JSON.stringify(found)}`,
    );
    expect(ackCount()).toBeGreaterThanOrEqual(KILLS * ACKS_PER_ROUND);
    expect(found).toEqual({
      goods: acked.goods.size,
      comments: acked.comments.size,
      favorites: acked.favorites.size,
      favCountsOff: 0,
    });
    const after = await fetch(`${server.url}/api/goods/info/${pick([...acked.goods])}`);
    expect(after.status).toBe(200);
  }, 180_000);
});
