import type {
  CreateGoodsBody,
  CursorPage,
  Goods,
  GoodsListQuery,
  GoodsSearchQuery,
  GoodsStatus,
  MyGoodsQuery,
  Page,
  PageQuery,
  Picture,
  UpdateGoodsBody,
} from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import { pageWindow } from "../../lib/paging.js";
import type { Deps } from "../../services.js";
import { adjustListedCount, hasReservedDeal } from "../goods-status/index.js";
import { appendGoodsPicture, setGoodsPictures } from "../pictures/index.js";
import type { WordRuleSet } from "../word-rules/index.js";
import type { GoodsFilter } from "./goods-filter.js";
import { toGoodsList } from "./goods-mapper.js";
import * as repo from "./goods-repository.js";
import { searchGoodsIds } from "./goods-search.js";
import { listedOf } from "./goods-visibility.js";
import { cursorAfter, readCursor } from "./list-cursor.js";
import { listedGoodsPage } from "./listed-pages.js";

/** The prohibited-word rules goods are checked against, when given (the demo data is not). */
type WordChecks = Partial<Deps<"wordRules">>;

/**
 * What the word rules make of goods' title and description: refused with the word named, held
 * for review (answers the reason the owner sees), or nothing.
 */
function heldReason(words: WordRuleSet | undefined, title: string, description: string) {
  const verdict = words?.verdict(title, description);
  if (verdict?.action === "refuse") {
    throw appError("PROHIBITED_WORD", `标题或描述含有违禁词“${verdict.word}”，不能发布`, { word: verdict.word });
  }
  return verdict && `含有需审核的词“${verdict.word}”，审核通过后其他人才能看到`;
}

export { pageWindow };

export async function pageOf(db: DbOrTx, ids: number[], total: number, query: PageQuery): Promise<Page<Goods>> {
  const list = toGoodsList(await repo.goodsByIds(db, ids));
  return { list, total, page: query.page, pageSize: query.pageSize };
}

export async function requireGoods(db: DbOrTx, goodsId: number) {
  const goods = await repo.lockGoodsById(db, goodsId);
  if (!goods) throw appError("GOODS_NOT_FOUND");
  return goods;
}

/**
 * The goods, locked, for another user to act on (an offer): goods hidden by a moderator, held for
 * review or of a suspended seller are not there for anyone but their seller.
 */
export async function requireGoodsFor(db: DbOrTx, userId: number, goodsId: number) {
  const goods = await requireGoods(db, goodsId);
  if (goods.visibility !== "public" && goods.sellerId !== userId) throw appError("GOODS_NOT_FOUND");
  return goods;
}

/** The goods, locked for a change, when they are the user's own: 404 when gone, 403 when another's. */
export async function requireOwnGoods(db: DbOrTx, userId: number, goodsId: number) {
  const goods = await requireGoods(db, goodsId);
  if (goods.sellerId !== userId) throw appError("NOT_YOUR_GOODS");
  return goods;
}

export async function goodsDetail(db: DbOrTx, goodsId: number): Promise<Goods> {
  const [goods] = toGoodsList(await repo.goodsByIds(db, [goodsId]));
  if (!goods) throw appError("GOODS_NOT_FOUND");
  return goods;
}

/**
 * A person opening the detail page: counted as a view, which the answer includes. The details may
 * come from the cache, as `present` made them once from the goods; their view count is then the
 * one read with them plus the views counted since, so each answer still shows its own view.
 *
 * The seller's own look is no view. `viewerId` looks up who asks; it is undefined when the request
 * carries no credentials (a visitor), and only called when the answer depends on it: for public
 * goods, a request with credentials; for goods only their owner sees, every request.
 */
export async function viewGoods<T>(
  { db, views, answers }: Deps<"db" | "views" | "answers">,
  goodsId: number,
  present: (goods: Goods) => T,
  viewerId: (() => Promise<number | undefined>) | undefined,
): Promise<{ presented: T; viewCount: number }> {
  const seen = await answers.get(`detail:${goodsId}`, async () => {
    const goods = await goodsDetail(db, goodsId);
    const sellerId = Number(goods.seller.id);
    const ownerOnly = Boolean(goods.moderation);
    return { presented: present(goods), viewCount: goods.viewCount + views.pending(goodsId), sellerId, ownerOnly };
  });
  const viewer = viewerId && (await viewerId());
  // Goods taken down, held or of a suspended seller do not exist for anyone but their owner.
  if (seen.ownerOnly && viewer !== seen.sellerId) throw appError("GOODS_NOT_FOUND");
  if (viewer === seen.sellerId) return { presented: seen.presented, viewCount: seen.viewCount };
  views.count(goodsId);
  seen.viewCount += 1;
  return { presented: seen.presented, viewCount: seen.viewCount };
}

/** The seller's followers are told of the new goods. */
export async function createGoods(
  { db, outbox, wordRules }: Deps<"db" | "outbox"> & WordChecks,
  sellerId: number,
  body: CreateGoodsBody,
): Promise<Goods> {
  const held = heldReason(await wordRules?.current(), body.title, body.description);
  const id = await db.transaction().execute(async (tx) => {
    const now = nowIso();
    const goodsId = await repo.insertGoods(tx, {
      sellerId,
      title: body.title,
      description: body.description,
      priceCents: body.priceCents,
      originalPriceCents: body.originalPriceCents ?? null,
      category: body.category,
      condition: body.condition,
      location: body.location,
      status: "on_sale",
      listed: held ? 0 : 1,
      ...(held && { visibility: "held", moderationReason: held }),
      createdAt: now,
      updatedAt: now,
    });
    await adjustListedCount(tx, body.category, held ? 0 : 1);
    await setGoodsPictures(tx, sellerId, goodsId, body.fileIds);
    // Followers hear of held goods when a moderator lets them through.
    if (!held) await outbox.recordNewGoods(tx, sellerId, goodsId);
    return goodsId;
  });
  outbox.push();
  return goodsDetail(db, id);
}

/** Adds one of the owner's uploads after their goods' last picture (POST /pic/add). */
export function addGoodsPicture(
  { db }: Deps<"db">,
  ownerId: number,
  goodsId: number,
  fileId: string,
): Promise<Picture> {
  return db.transaction().execute(async (tx) => {
    await requireOwnGoods(tx, ownerId, goodsId);
    return appendGoodsPicture(tx, ownerId, goodsId, fileId);
  });
}

/** A lower price is told to everyone keeping the goods as a favourite. */
export async function editGoods(
  { db, outbox, pictureFiles, wordRules }: Deps<"db" | "outbox" | "pictureFiles"> & WordChecks,
  userId: number,
  goodsId: number,
  body: UpdateGoodsBody,
): Promise<Goods> {
  const { fileIds, ...fields } = body;
  // Read before the transaction: the rules come through the root handle when their TTL has passed.
  const words = await wordRules?.current();
  const unusedFiles = await db.transaction().execute(async (tx) => {
    const goods = await requireOwnGoods(tx, userId, goodsId);
    const held = heldReason(words, fields.title ?? goods.title, fields.description ?? goods.description);
    // Public goods edited to hold a word under review wait for a moderator again.
    const holds = held !== undefined && goods.visibility === "public";
    const listed = holds ? 0 : goods.listed;
    const category = fields.category ?? goods.category;
    if (category !== goods.category || listed !== goods.listed) {
      await adjustListedCount(tx, goods.category, -goods.listed);
      await adjustListedCount(tx, category, listed);
    }
    const hold = holds ? { visibility: "held", moderationReason: held, listed } : {};
    await repo.updateGoods(tx, goodsId, { ...fields, ...hold, updatedAt: nowIso() });
    if (fields.priceCents !== undefined && fields.priceCents < goods.priceCents) {
      await outbox.recordPriceDrop(tx, goodsId, fields.priceCents);
    }
    return fileIds ? setGoodsPictures(tx, userId, goodsId, fileIds) : [];
  });
  outbox.push();
  await pictureFiles.discard(unusedFiles);
  return goodsDetail(db, goodsId);
}

/**
 * The goods, locked, when they are the user's own and no deal holds them: while a deal is reserved
 * the seller completes or cancels it in the chat instead.
 */
async function requireOwnGoodsOutOfDeals(db: DbOrTx, userId: number, goodsId: number) {
  const goods = await requireOwnGoods(db, userId, goodsId);
  if (await hasReservedDeal(db, goodsId)) throw appError("DEAL_IN_PROGRESS");
  return goods;
}

export async function setGoodsStatus(
  { db }: Deps<"db">,
  userId: number,
  goodsId: number,
  status: GoodsStatus,
): Promise<Goods> {
  await db.transaction().execute(async (tx) => {
    const goods = await requireOwnGoodsOutOfDeals(tx, userId, goodsId);
    const listed = listedOf(status, goods.visibility);
    await adjustListedCount(tx, goods.category, listed - goods.listed);
    await repo.updateGoods(tx, goodsId, { status, listed, updatedAt: nowIso() });
  });
  return goodsDetail(db, goodsId);
}

/**
 * Pictures, favourites and comments go with the goods; the picture files once the rows are gone.
 * Goods a deal holds stay until the deal is completed or cancelled.
 */
export async function removeGoods(
  { db, pictureFiles }: Deps<"db" | "pictureFiles">,
  userId: number,
  goodsId: number,
): Promise<null> {
  const fileIds = await db.transaction().execute(async (tx) => {
    const goods = await requireOwnGoodsOutOfDeals(tx, userId, goodsId);
    const pictures = await tx.selectFrom("pictures").select("fileId").where("goodsId", "=", goodsId).execute();
    await repo.deleteGoods(tx, goodsId);
    await adjustListedCount(tx, goods.category, -goods.listed);
    return pictures.map((picture) => picture.fileId);
  });
  await pictureFiles.discard(fileIds);
  return null;
}

/** The query's filters alone, without paging or order, and whose blocked sellers to leave out. */
function filterOf(
  { category, minPrice, maxPrice, condition, city }: GoodsListQuery | GoodsSearchQuery,
  blockerId: number | undefined,
): GoodsFilter {
  return { category, minPrice, maxPrice, condition, city, ...(blockerId !== undefined && { blockerId }) };
}

/**
 * A page by number, or the one after the query's cursor; either names the cursor after it.
 * `blockerId`, a viewer who has blocked sellers, sees none of theirs.
 */
export async function listGoods(
  { db }: Deps<"db">,
  query: GoodsListQuery,
  blockerId?: number,
): Promise<CursorPage<Goods>> {
  const { sort, cursor, pageSize } = query;
  const window = cursor === undefined ? pageWindow(query) : { limit: pageSize, after: readCursor(sort, cursor) };
  const { rows, total, totalCapped, more } = await listedGoodsPage(db, filterOf(query, blockerId), sort, window);
  const last = rows.at(-1);
  return {
    list: toGoodsList(rows),
    total,
    page: query.page,
    pageSize,
    ...(totalCapped ? { totalCapped } : {}),
    nextCursor: more && last ? cursorAfter(sort, last) : null,
  };
}

/** Goods matching the keyword; `blockerId` as for `listGoods`. */
export async function searchGoods(
  { db }: Deps<"db">,
  query: GoodsSearchQuery,
  blockerId?: number,
): Promise<Page<Goods>> {
  const window = pageWindow(query);
  const filter = filterOf(query, blockerId);
  const { ids, total, totalCapped } = await searchGoodsIds(db, query.keyword, filter, query.sort, window);
  return { ...(await pageOf(db, ids, total, query)), totalCapped };
}

export async function myGoods({ db }: Deps<"db">, userId: number, query: MyGoodsQuery): Promise<Page<Goods>> {
  const { ids, total } = await repo.sellerGoodsIds(db, userId, query.status, pageWindow(query));
  return pageOf(db, ids, total, query);
}
