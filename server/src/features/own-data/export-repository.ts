import type { DbOrTx } from "../../db/database.js";

/**
 * The rows of one account, each read a page at a time after the last id seen (keyset paging on
 * an index), so an account of any size is read in bounded memory and short queries.
 */
export const exportPages = {
  goods: (db: DbOrTx, userId: number, afterId: number, limit: number) =>
    db
      .selectFrom("goods")
      .select([
        "id",
        "title",
        "description",
        "priceCents",
        "originalPriceCents",
        "category",
        "condition",
        "location",
        "status",
        "viewCount",
        "favCount",
        "createdAt",
        "updatedAt",
      ])
      .where("sellerId", "=", userId)
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(limit)
      .execute(),

  comments: (db: DbOrTx, userId: number, afterId: number, limit: number) =>
    db
      .selectFrom("comments")
      .innerJoin("goods", "goods.id", "comments.goodsId")
      .select([
        "comments.id",
        "comments.goodsId",
        "goods.title as goodsTitle",
        "comments.content",
        "comments.replyToId",
        "comments.createdAt",
      ])
      .where("comments.userId", "=", userId)
      .where("comments.id", ">", afterId)
      .orderBy("comments.id")
      .limit(limit)
      .execute(),

  favorites: (db: DbOrTx, userId: number, afterId: number, limit: number) =>
    db
      .selectFrom("favorites")
      .innerJoin("goods", "goods.id", "favorites.goodsId")
      .select([
        "favorites.goodsId as id",
        "goods.title",
        "goods.priceCents",
        "favorites.favoritedPriceCents",
        "favorites.createdAt",
      ])
      .where("favorites.userId", "=", userId)
      .where("favorites.goodsId", ">", afterId)
      .orderBy("favorites.goodsId")
      .limit(limit)
      .execute(),

  chats: (db: DbOrTx, userId: number, afterId: number, limit: number) =>
    db
      .selectFrom("chatMembers")
      .innerJoin("chats", "chats.id", "chatMembers.chatId")
      .innerJoin("users as peer", "peer.id", "chatMembers.peerId")
      .leftJoin("goods", "goods.id", "chats.goodsId")
      .select([
        "chats.id",
        "chats.createdAt",
        "peer.id as peerId",
        "peer.nickname as peerNickname",
        "goods.id as goodsId",
        "goods.title as goodsTitle",
      ])
      .where("chatMembers.userId", "=", userId)
      .where("chatMembers.chatId", ">", afterId)
      .orderBy("chatMembers.chatId")
      .limit(limit)
      .execute(),

  /** The messages of one chat, oldest first. */
  messages: (db: DbOrTx, chatId: number, afterId: number, limit: number) =>
    db
      .selectFrom("messages")
      .select(["id", "senderId", "type", "content", "createdAt"])
      .where("chatId", "=", chatId)
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(limit)
      .execute(),

  offers: (db: DbOrTx, userId: number, afterId: number, limit: number) =>
    db
      .selectFrom("offers")
      .select(["id", "goodsId", "chatId", "buyerId", "fromUserId", "amountCents", "status", "createdAt", "decidedAt"])
      .where((eb) => eb.or([eb("buyerId", "=", userId), eb("sellerId", "=", userId)]))
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(limit)
      .execute(),

  deals: (db: DbOrTx, userId: number, afterId: number, limit: number) =>
    db
      .selectFrom("deals")
      .select([
        "id",
        "goodsId",
        "goodsTitle",
        "buyerId",
        "priceCents",
        "status",
        "createdAt",
        "completedAt",
        "cancelledAt",
      ])
      .where((eb) => eb.or([eb("buyerId", "=", userId), eb("sellerId", "=", userId)]))
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(limit)
      .execute(),

  /** Reviews they wrote, and those about them that the other side may already see (not a blind one). */
  reviews: (db: DbOrTx, userId: number, afterId: number, limit: number, now: string) =>
    db
      .selectFrom("reviews")
      .select(["id", "dealId", "reviewerId", "rating", "content", "createdAt"])
      .where((eb) =>
        eb.or([eb("reviewerId", "=", userId), eb.and([eb("revieweeId", "=", userId), eb("visibleFrom", "<=", now)])]),
      )
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(limit)
      .execute(),

  follows: (db: DbOrTx, userId: number, afterId: number, limit: number) =>
    db
      .selectFrom("follows")
      .innerJoin("users", "users.id", "follows.sellerId")
      .select(["follows.sellerId as id", "users.nickname", "follows.createdAt"])
      .where("follows.followerId", "=", userId)
      .where("follows.sellerId", ">", afterId)
      .orderBy("follows.sellerId")
      .limit(limit)
      .execute(),

  savedSearches: (db: DbOrTx, userId: number, afterId: number, limit: number) =>
    db
      .selectFrom("savedSearches")
      .select(["id", "name", "criteria", "createdAt"])
      .where("userId", "=", userId)
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(limit)
      .execute(),
};
