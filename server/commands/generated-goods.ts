import { CATEGORIES, type Category } from "@xianzhi/contract";
import type { Insertable } from "kysely";
import sharp from "sharp";
import { generateGoods, seededRandom } from "../bench/catalogue.js";
import type { Db, DbOrTx } from "../src/db/database.js";
import type { GoodsTable } from "../src/db/schema.js";
import { demoPictureSvg } from "../src/demo/pictures.js";
import { DEMO_PASSWORD, type SeedLog } from "../src/demo/seed.js";
import { insertUser } from "../src/features/accounts/index.js";
import { adjustListedCount } from "../src/features/goods-status/index.js";
import type { PictureFiles, ProcessedPicture } from "../src/features/pictures/index.js";
import { nowIso } from "../src/lib/clock.js";
import { hashPassword } from "../src/lib/secrets.js";

/** Generated goods are spread over these sellers, who sign in with the demo password. */
export const SEED_SELLERS = Array.from({ length: 20 }, (_, i) => `seller${String(i + 1).padStart(2, "0")}`);
/** Drawings per category: every goods shows one or two of them, hard-linked, never a file each. */
const VARIANTS = 2;
/** Goods written per statement and transaction. */
const BATCH = 1000;

/**
 * Adds `count` goods made by the benchmark's generator (titles and descriptions with brands,
 * models, common and rare items, cities), each with a picture or two, through the same tables and
 * triggers as goods posted in the app (search indexes, list counts).
 */
export async function seedGeneratedGoods(db: Db, files: PictureFiles, count: number, log: SeedLog): Promise<void> {
  const sellerIds = await ensureSellers(db);
  const drawings = await drawPictures(files);
  const existing = await db
    .selectFrom("goods")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  // Seeded by the goods already there: the same data after every reset, other goods on a second run.
  const random = seededRandom(Number(existing.n));
  const pictureRandom = seededRandom(Number(existing.n) + 1);
  const firstAt = Date.now() - count * 1000;
  try {
    for (let start = 0; start < count; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => {
        // The favourites' triggers keep fav_count: a made-up count would disagree with the rows.
        const { favCount: _invented, ...goods } = generateGoods(random);
        const at = new Date(firstAt + (start + i) * 1000).toISOString();
        const sellerId = sellerIds[(start + i) % sellerIds.length] as number;
        return { ...goods, sellerId, listed: goods.status === "sold" ? 0 : 1, createdAt: at, updatedAt: at };
      });
      await db.transaction().execute((tx) => insertGoodsWithPictures(tx, files, drawings, rows, pictureRandom));
      log.info({ written: start + rows.length, count }, `${start + rows.length} / ${count} goods`);
    }
  } finally {
    await files.remove([...drawings.values()].flat().map((picture) => picture.fileId));
  }
}

async function insertGoodsWithPictures(
  tx: DbOrTx,
  files: PictureFiles,
  drawings: Map<Category, ProcessedPicture[]>,
  rows: Insertable<GoodsTable>[],
  random: () => number,
): Promise<void> {
  const inserted = await tx
    .insertInto("goods")
    .values(rows)
    .returning(["id", "sellerId", "category", "listed", "createdAt"])
    .execute();
  const pictures = await Promise.all(
    inserted.flatMap((goods) => {
      const variants = drawings.get(goods.category as Category) ?? [];
      const first = Math.floor(random() * variants.length);
      const shown = random() < 0.3 ? [first, first + 1] : [first];
      return shown.map(async (variant, position) => {
        const { fileId, width, height, bytes } = variants[variant % variants.length] as ProcessedPicture;
        const copy = await files.share(fileId);
        return {
          fileId: copy,
          ownerId: goods.sellerId,
          goodsId: goods.id,
          position,
          width,
          height,
          bytes,
          createdAt: goods.createdAt,
        };
      });
    }),
  );
  await tx.insertInto("pictures").values(pictures).execute();
  const listedPerCategory = new Map<string, number>();
  for (const goods of inserted) {
    listedPerCategory.set(goods.category, (listedPerCategory.get(goods.category) ?? 0) + goods.listed);
  }
  for (const [category, listed] of listedPerCategory) await adjustListedCount(tx, category, listed);
}

/** The seed's sellers, made once (a second run finds them). */
async function ensureSellers(db: Db): Promise<number[]> {
  const found = await db.selectFrom("users").select(["id", "username"]).where("username", "in", SEED_SELLERS).execute();
  const missing = SEED_SELLERS.filter((name) => !found.some((user) => user.username === name));
  if (missing.length === 0) return found.map((user) => user.id);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const made = await db.transaction().execute(async (tx) => {
    const ids: number[] = [];
    for (const username of missing) {
      const user = await insertUser(tx, { username, email: `${username}@example.com`, passwordHash, now: nowIso() });
      ids.push(user.id);
    }
    return ids;
  });
  return [...found.map((user) => user.id), ...made];
}

/** The drawings the goods share: the demo data's, a few per category. */
async function drawPictures(files: PictureFiles): Promise<Map<Category, ProcessedPicture[]>> {
  const drawings = new Map<Category, ProcessedPicture[]>();
  for (const category of Object.keys(CATEGORIES) as Category[]) {
    const variants: ProcessedPicture[] = [];
    for (let variant = 0; variant < VARIANTS; variant++) {
      const png = await sharp(Buffer.from(demoPictureSvg(category, variant * 3)))
        .png()
        .toBuffer();
      variants.push(await files.process(png));
    }
    drawings.set(category, variants);
  }
  return drawings;
}
