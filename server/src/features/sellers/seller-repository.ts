import type { DbOrTx } from "../../db/database.js";
import { preparedQuery } from "../../db/prepared-query.js";

/**
 * A user's public fields with what their page counts: goods listed and sold (ranges of the
 * goods_seller_listed index), and the location of their newest goods that has one.
 */
const profileQuery = preparedQuery<{ id: number }, ProfileRow>((db, slot) =>
  db
    .selectFrom("users")
    .where("users.id", "=", slot("id"))
    // A closed account has no page: 404, as for an id that names nobody.
    .where("users.deletedAt", "is", null)
    .select(["users.id", "users.username", "users.nickname", "users.avatarUrl", "users.bio", "users.createdAt"])
    .select((eb) => [
      eb
        .selectFrom("goods")
        .whereRef("goods.sellerId", "=", "users.id")
        .where("goods.listed", "=", 1)
        .select((count) => count.fn.countAll<number | string>().as("n"))
        .as("onSaleCount"),
      eb
        .selectFrom("goods")
        .whereRef("goods.sellerId", "=", "users.id")
        .where("goods.listed", "=", 0)
        // Unlisted goods are sold ones, unless others may not see them (moderation, migration 0025).
        .where("goods.visibility", "=", "public")
        .select((count) => count.fn.countAll<number | string>().as("n"))
        .as("soldCount"),
      eb
        .selectFrom("goods")
        .whereRef("goods.sellerId", "=", "users.id")
        .where("goods.location", "<>", "")
        .select("goods.location")
        .orderBy("goods.id", "desc")
        .limit(1)
        .as("city"),
    ]),
);

export interface ProfileRow {
  id: number;
  username: string;
  nickname: string;
  avatarUrl: string | null;
  bio: string;
  createdAt: string;
  onSaleCount: number | string | null;
  soldCount: number | string | null;
  city: string | null;
}

export async function findProfile(db: DbOrTx, id: number): Promise<ProfileRow | undefined> {
  const [row] = await profileQuery.execute(db, { id });
  return row;
}

const sellerGoodsIdsQuery = preparedQuery<
  { sellerId: number; listed: number; limit: number; offset: number },
  { id: number }
>((db, slot) =>
  db
    .selectFrom("goods")
    .select("goods.id")
    .where("goods.sellerId", "=", slot("sellerId"))
    .where("goods.listed", "=", slot("listed"))
    .where("goods.visibility", "=", "public")
    .orderBy("goods.id", "desc")
    .limit(slot("limit"))
    .offset(slot("offset")),
);

/** A page of the seller's goods, listed (1) or sold (0), newest first: their ids. */
export async function sellerGoodsIds(
  db: DbOrTx,
  sellerId: number,
  listed: 0 | 1,
  page: { limit: number; offset: number },
): Promise<number[]> {
  const rows = await sellerGoodsIdsQuery.execute(db, { sellerId, listed, ...page });
  return rows.map((row) => row.id);
}

/**
 * The chats others started with the seller about the seller's goods since `since`: when the
 * first message came, and when the seller first answered after it (null while they have not).
 * Read from the seller's memberships active since then (a chat whose first message is that recent
 * has been active since), each chat's first message off messages_chat, and the reply the same way.
 */
const askedChatsQuery = preparedQuery<{ sellerId: number; since: string }, AskedChatRow>((db, slot) =>
  db
    .selectFrom("chatMembers as member")
    .innerJoin("chats", "chats.id", "member.chatId")
    .innerJoin("goods", "goods.id", "chats.goodsId")
    .innerJoin("messages as ask", "ask.chatId", "chats.id")
    .where("member.userId", "=", slot("sellerId"))
    .where("member.updatedAt", ">=", slot("since"))
    .where("goods.sellerId", "=", slot("sellerId"))
    .where("ask.id", "=", (eb) =>
      eb
        .selectFrom("messages as first")
        .whereRef("first.chatId", "=", "chats.id")
        .select((min) => min.fn.min<number>("first.id").as("id")),
    )
    .where("ask.senderId", "<>", slot("sellerId"))
    .where("ask.createdAt", ">=", slot("since"))
    .select("ask.createdAt as askedAt")
    .select((eb) =>
      eb
        .selectFrom("messages as reply")
        .whereRef("reply.chatId", "=", "chats.id")
        .whereRef("reply.id", ">", "ask.id")
        .where("reply.senderId", "=", slot("sellerId"))
        .select("reply.createdAt")
        .orderBy("reply.id")
        .limit(1)
        .as("repliedAt"),
    ),
);

export interface AskedChatRow {
  askedAt: string;
  repliedAt: string | null;
}

export function askedChats(db: DbOrTx, sellerId: number, since: string): Promise<AskedChatRow[]> {
  return askedChatsQuery.execute(db, { sellerId, since });
}
