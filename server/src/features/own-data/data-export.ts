import type {
  Condition,
  DataExport,
  DealStatus,
  ExportedChat,
  ExportedGoods,
  GoodsStatus,
  MessageType,
  OfferStatus,
  SearchCriteria,
} from "@xianzhi/contract";
import { SUCCESS_CODE } from "@xianzhi/contract";
import type { Db } from "../../db/database.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import { findUserById, toUserInfo } from "../accounts/index.js";
import { picturesOfGoods, pictureUrls } from "../pictures/index.js";
import { exportPages as pages } from "./export-repository.js";

/** Rows read per query: big enough to be few queries, small enough to leave the event loop often. */
const PAGE_SIZE = 500;

/** Every row a page query finds, a page at a time after the last id seen. */
async function* keyset<Row extends { id: number }>(
  page: (afterId: number, limit: number) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  for (let afterId = 0; ; ) {
    const rows = await page(afterId, PAGE_SIZE);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_SIZE) return;
    afterId = last.id;
  }
}

/** A JSON array written as its items come: `[`, the items with commas between, `]`. */
async function* jsonArray<Item>(batches: AsyncIterable<Item[]>): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const batch of batches) {
    const text = batch.map((item) => JSON.stringify(item)).join(",");
    yield first ? text : `,${text}`;
    first = false;
  }
  yield "]";
}

async function* mapped<Row, Item>(batches: AsyncIterable<Row[]>, map: (rows: Row[]) => Item[] | Promise<Item[]>) {
  for await (const rows of batches) yield await map(rows);
}

const role = (buyerId: number, userId: number) => (buyerId === userId ? "buyer" : "seller");

/**
 * The whole of a user's data as the text of one JSON file, the envelope with a DataExport as its
 * `data`, made as it is sent: each part a page of rows at a time (a chat's messages too), so
 * thousands of messages neither sit in memory at once nor hold the event loop while serialized.
 */
export async function exportOf({ db }: Deps<"db">, userId: number): Promise<AsyncGenerator<string>> {
  const user = await findUserById(db, userId);
  if (!user) throw appError("SESSION_EXPIRED");
  const now = nowIso();
  const profile: DataExport["profile"] = toUserInfo(user);

  const parts: Record<Exclude<keyof DataExport, "exportedAt" | "profile">, () => AsyncIterable<string>> = {
    goods: () =>
      jsonArray(
        mapped(
          keyset((after, n) => pages.goods(db, userId, after, n)),
          (rows) => withPictures(db, rows),
        ),
      ),
    comments: () =>
      jsonArray(
        mapped(
          keyset((after, n) => pages.comments(db, userId, after, n)),
          (rows) =>
            rows.map((row) => ({
              id: String(row.id),
              goodsId: String(row.goodsId),
              goodsTitle: row.goodsTitle,
              content: row.content,
              replyToId: row.replyToId === null ? null : String(row.replyToId),
              createdAt: row.createdAt,
            })),
        ),
      ),
    favorites: () =>
      jsonArray(
        mapped(
          keyset((after, n) => pages.favorites(db, userId, after, n)),
          (rows) => rows.map(({ id, ...row }) => ({ goodsId: String(id), ...row })),
        ),
      ),
    chats: () => chatsWithMessages(db, userId),
    offers: () =>
      jsonArray(
        mapped(
          keyset((after, n) => pages.offers(db, userId, after, n)),
          (rows) =>
            rows.map((row) => ({
              id: String(row.id),
              goodsId: String(row.goodsId),
              chatId: String(row.chatId),
              role: role(row.buyerId, userId),
              fromMe: row.fromUserId === userId,
              amountCents: row.amountCents,
              status: row.status as OfferStatus,
              createdAt: row.createdAt,
              decidedAt: row.decidedAt,
            })),
        ),
      ),
    deals: () =>
      jsonArray(
        mapped(
          keyset((after, n) => pages.deals(db, userId, after, n)),
          (rows) =>
            rows.map(({ id, goodsId, buyerId, status, ...row }) => ({
              id: String(id),
              goodsId: goodsId === null ? null : String(goodsId),
              role: role(buyerId, userId),
              status: status as DealStatus,
              ...row,
            })),
        ),
      ),
    reviews: () =>
      jsonArray(
        mapped(
          keyset((after, n) => pages.reviews(db, userId, after, n, now)),
          (rows) =>
            rows.map((row) => ({
              id: String(row.id),
              dealId: String(row.dealId),
              direction: row.reviewerId === userId ? "written" : "received",
              rating: row.rating,
              content: row.content,
              createdAt: row.createdAt,
            })),
        ),
      ),
    follows: () =>
      jsonArray(
        mapped(
          keyset((after, n) => pages.follows(db, userId, after, n)),
          (rows) => rows.map(({ id, ...row }) => ({ sellerId: String(id), ...row })),
        ),
      ),
    savedSearches: () =>
      jsonArray(
        mapped(
          keyset((after, n) => pages.savedSearches(db, userId, after, n)),
          (rows) =>
            rows.map((row) => ({
              id: String(row.id),
              name: row.name,
              criteria: JSON.parse(row.criteria) as SearchCriteria,
              createdAt: row.createdAt,
            })),
        ),
      ),
  };

  async function* document(): AsyncGenerator<string> {
    yield `{"code":${SUCCESS_CODE},"msg":"成功","data":{"exportedAt":${JSON.stringify(now)},"profile":${JSON.stringify(profile)}`;
    for (const [name, part] of Object.entries(parts)) {
      yield `,${JSON.stringify(name)}:`;
      yield* part();
    }
    yield "}}";
  }
  return document();
}

async function withPictures(db: Db, rows: Awaited<ReturnType<typeof pages.goods>>): Promise<ExportedGoods[]> {
  const pictures = await picturesOfGoods(
    db,
    rows.map((row) => row.id),
  );
  return rows.map(({ id, condition, status, ...row }) => ({
    id: String(id),
    ...row,
    condition: condition as Condition,
    status: status as GoodsStatus,
    pictures: pictures.filter((picture) => picture.goodsId === id).map((picture) => pictureUrls(picture.fileId)),
  }));
}

/** Each chat written as its fields, then its messages a page at a time, oldest first. */
async function* chatsWithMessages(db: Db, userId: number): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const chats of keyset((after, n) => pages.chats(db, userId, after, n))) {
    for (const chat of chats) {
      const head: Omit<ExportedChat, "messages"> = {
        chatId: String(chat.id),
        peer: { id: String(chat.peerId), nickname: chat.peerNickname },
        goods: chat.goodsId === null ? null : { id: String(chat.goodsId), title: chat.goodsTitle ?? "" },
        createdAt: chat.createdAt,
      };
      yield `${first ? "" : ","}${JSON.stringify(head).slice(0, -1)},"messages":`;
      first = false;
      yield* jsonArray(
        mapped(
          keyset((after, n) => pages.messages(db, chat.id, after, n)),
          (rows) =>
            rows.map((row) => ({
              id: String(row.id),
              fromMe: row.senderId === userId,
              type: row.type as MessageType,
              content: row.content,
              createdAt: row.createdAt,
            })),
        ),
      );
      yield "}";
    }
  }
  yield "]";
}
