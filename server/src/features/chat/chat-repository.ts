import { sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";

/** One key for a pair of users (either order) and the goods they talk about. */
export function pairKey(userA: number, userB: number, goodsId: number | null): string {
  const [low, high] = userA < userB ? [userA, userB] : [userB, userA];
  return `${low}:${high}:${goodsId ?? 0}`;
}

/** Inserts the chat unless its key exists; either way answers the chat's id. */
export async function upsertChat(
  db: DbOrTx,
  key: string,
  goodsId: number | null,
  now: string,
): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insertInto("chats")
    .values({ pairKey: key, goodsId, lastMessageId: null, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column("pairKey").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await db.selectFrom("chats").select("id").where("pairKey", "=", key).executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

export async function insertMembers(
  db: DbOrTx,
  chatId: number,
  userA: number,
  userB: number,
  now: string,
): Promise<void> {
  await db
    .insertInto("chatMembers")
    .values([
      { chatId, userId: userA, peerId: userB, unreadCount: 0, updatedAt: now },
      { chatId, userId: userB, peerId: userA, unreadCount: 0, updatedAt: now },
    ])
    .execute();
}

export function findMembership(db: DbOrTx, chatId: number, userId: number) {
  return db
    .selectFrom("chatMembers")
    .select(["chatId", "userId", "peerId", "unreadCount"])
    .where("chatId", "=", chatId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

export async function chatExists(db: DbOrTx, chatId: number): Promise<boolean> {
  return (await db.selectFrom("chats").select("id").where("id", "=", chatId).executeTakeFirst()) !== undefined;
}

/** A member's view of chats: peer, goods and last message, newest activity first. */
export function selectMemberChats(db: DbOrTx, userId: number) {
  return db
    .selectFrom("chatMembers as member")
    .innerJoin("chats", "chats.id", "member.chatId")
    .innerJoin("users as peer", "peer.id", "member.peerId")
    .innerJoin("chatMembers as peerMember", (join) =>
      join.onRef("peerMember.chatId", "=", "member.chatId").onRef("peerMember.userId", "=", "member.peerId"),
    )
    .leftJoin("goods", "goods.id", "chats.goodsId")
    .leftJoin("messages as last", "last.id", "chats.lastMessageId")
    .where("member.userId", "=", userId)
    .select([
      "chats.id as chatId",
      "member.unreadCount",
      "peerMember.readUpTo as peerReadUpTo",
      "member.updatedAt",
      "peer.id as peerId",
      "peer.username as peerUsername",
      "peer.nickname as peerNickname",
      "peer.avatarUrl as peerAvatarUrl",
      "goods.id as goodsId",
      "goods.title as goodsTitle",
      "goods.priceCents as goodsPriceCents",
      "goods.status as goodsStatus",
      "last.id as lastId",
      "last.senderId as lastSenderId",
      "last.type as lastType",
      "last.content as lastContent",
      "last.createdAt as lastCreatedAt",
    ]);
}
export type MemberChatRow = Awaited<ReturnType<ReturnType<typeof selectMemberChats>["executeTakeFirstOrThrow"]>>;

/**
 * A page of a member's chats: the page's chat ids first, read off the member's index in list order
 * and stopped after the page, then the chats of those ids alone; joining every chat before
 * sorting made a user with thousands of chats wait for all of them.
 */
export function memberChatsPage(db: DbOrTx, userId: number, window: { limit: number; offset: number }) {
  const pageIds = db
    .selectFrom("chatMembers")
    .select("chatId")
    .where("userId", "=", userId)
    .orderBy("updatedAt", "desc")
    .orderBy("chatId", "desc")
    .limit(window.limit)
    .offset(window.offset);
  return selectMemberChats(db, userId)
    .where("member.chatId", "in", pageIds)
    .orderBy("member.updatedAt", "desc")
    .orderBy("member.chatId", "desc")
    .execute();
}

export async function countMemberChats(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom("chatMembers")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function unreadTotal(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom("chatMembers")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("unreadCount"), sql<number>`0`).as("n"))
    .where("userId", "=", userId)
    // Only the chats with unread messages: an index holds just those.
    .where("unreadCount", ">", 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findMessageByClientId(db: DbOrTx, senderId: number, clientMsgId: string) {
  return db
    .selectFrom("messages")
    .selectAll()
    .where("senderId", "=", senderId)
    .where("clientMsgId", "=", clientMsgId)
    .executeTakeFirst();
}

/**
 * Stores a message unless its sender already sent one with this clientMsgId: then answers
 * undefined. The same statement moves the chat to the top of both lists, counts it unread for the
 * recipient and read for the sender (the messages_record_activity trigger, migration 0012).
 */
export function insertNewMessage(
  db: DbOrTx,
  message: { chatId: number; senderId: number; type: string; content: string; clientMsgId: string; createdAt: string },
) {
  return db
    .insertInto("messages")
    .values(message)
    .onConflict((oc) => oc.columns(["senderId", "clientMsgId"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Everything in the chat now is read: answers the id of the newest message (0 when none). */
export async function markRead(db: DbOrTx, chatId: number, userId: number): Promise<number> {
  const row = await db
    .updateTable("chatMembers")
    .set({
      unreadCount: 0,
      readUpTo: sql<number>`coalesce((select last_message_id from chats where chats.id = ${chatId}), 0)`,
    })
    .where("chatId", "=", chatId)
    .where("userId", "=", userId)
    .returning("readUpTo")
    .executeTakeFirstOrThrow();
  return row.readUpTo;
}

/** Messages older than `beforeId` (all when absent), newest first; one extra tells whether more remain. */
export function messagesBefore(db: DbOrTx, chatId: number, beforeId: number | undefined, limit: number) {
  let query = db.selectFrom("messages").selectAll().where("chatId", "=", chatId);
  if (beforeId !== undefined) query = query.where("id", "<", beforeId);
  return query.orderBy("id", "desc").limit(limit).execute();
}
