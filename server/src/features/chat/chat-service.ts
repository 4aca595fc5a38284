import { randomUUID } from "node:crypto";
import type {
  Chat,
  ChatHistory,
  ChatHistoryQuery,
  ChatMessage,
  CreateChatBody,
  GoodsStatus,
  MessageType,
  Page,
  PageQuery,
  SendableMessageType,
  SendFrame,
  ServerFrame,
} from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { uniqueViolation } from "../../db/errors.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import { findOpenUserById, isClosedAccount } from "../accounts/index.js";
import { requireNotBlocked } from "../block-checks/index.js";
import { pageWindow, requireGoods } from "../goods/index.js";
import { coverThumbUrls, savedPictureAddress } from "../pictures/index.js";
import * as repo from "./chat-repository.js";

type MessageRow = NonNullable<Awaited<ReturnType<typeof repo.insertNewMessage>>>;

export function toMessage(
  row: Pick<MessageRow, "id" | "chatId" | "senderId" | "type" | "content" | "createdAt">,
): ChatMessage {
  return {
    id: String(row.id),
    chatId: String(row.chatId),
    senderId: String(row.senderId),
    type: row.type as MessageType,
    content: row.content,
    createdAt: row.createdAt,
  };
}

async function toChats(db: DbOrTx, rows: repo.MemberChatRow[]): Promise<Chat[]> {
  const goodsIds = rows.flatMap((row) => (row.goodsId === null ? [] : [row.goodsId]));
  const covers = await coverThumbUrls(db, goodsIds);
  return rows.map((row) => ({
    chatId: String(row.chatId),
    peer: {
      id: String(row.peerId),
      username: row.peerUsername,
      nickname: row.peerNickname,
      avatarUrl: row.peerAvatarUrl,
    },
    goods:
      row.goodsId === null
        ? null
        : {
            id: String(row.goodsId),
            title: row.goodsTitle ?? "",
            priceCents: row.goodsPriceCents ?? 0,
            coverUrl: covers.get(row.goodsId) ?? null,
            status: (row.goodsStatus ?? "on_sale") as GoodsStatus,
          },
    lastMessage:
      row.lastId === null
        ? null
        : toMessage({
            id: row.lastId,
            chatId: row.chatId,
            senderId: row.lastSenderId as number,
            type: row.lastType as string,
            content: row.lastContent as string,
            createdAt: row.lastCreatedAt as string,
          }),
    unreadCount: row.unreadCount,
    peerReadUpTo: row.peerReadUpTo === 0 ? null : String(row.peerReadUpTo),
    updatedAt: row.updatedAt,
  }));
}

export async function memberChat(db: DbOrTx, chatId: number, userId: number): Promise<Chat> {
  const rows = await repo.selectMemberChats(db, userId).where("chats.id", "=", chatId).execute();
  const [chat] = await toChats(db, rows);
  if (!chat) throw appError("CHAT_NOT_FOUND");
  return chat;
}

/**
 * Who a chat's members are never changes once it exists (no call removes a member or a chat), so
 * each process remembers the peer of every member it has checked: a message then needs no lookup.
 * Per database, as tests run several on one process; forgotten all at once past a bound.
 */
const knownPeers = new WeakMap<DbOrTx, Map<string, number>>();
const KNOWN_PEERS_MAX = 100_000;

/** The peer of a member of a chat: 404 when the chat does not exist, 403 when not a member. */
export async function peerInChat(db: DbOrTx, chatId: number, userId: number): Promise<number> {
  const peers = knownPeers.get(db) ?? new Map<string, number>();
  knownPeers.set(db, peers);
  const key = `${chatId}:${userId}`;
  const known = peers.get(key);
  if (known !== undefined) return known;
  const membership = await repo.findMembership(db, chatId, userId);
  if (!membership) throw appError((await repo.chatExists(db, chatId)) ? "NOT_CHAT_MEMBER" : "CHAT_NOT_FOUND");
  if (peers.size >= KNOWN_PEERS_MAX) peers.clear();
  peers.set(key, membership.peerId);
  return membership.peerId;
}

/**
 * The chat of two users about a goods item (or none). The pair key is unique, so when both press
 * "chat" at once one insert wins and both get that chat.
 */
export async function openChat({ db }: Deps<"db">, userId: number, body: CreateChatBody): Promise<Chat> {
  const peerId = Number(body.peerId);
  const goodsId = body.goodsId ? Number(body.goodsId) : null;
  if (peerId === userId) throw appError("CHAT_WITH_SELF");
  if (!(await findOpenUserById(db, peerId))) throw appError("USER_NOT_FOUND");
  await requireNotBlocked(db, userId, peerId);
  if (goodsId !== null) await requireGoods(db, goodsId);
  const chatId = await db
    .transaction()
    .execute((tx) => ensureChat(tx, userId, peerId, goodsId))
    .catch(async (error) => {
      // PostgreSQL: the other transaction inserted the same key first and has now committed.
      if (uniqueViolation(error) === null) throw error;
      return ensureChat(db, userId, peerId, goodsId);
    });
  return memberChat(db, chatId, userId);
}

/**
 * The id of the chat of two users about goods (or none), made with its two members when it does
 * not exist yet; in the caller's transaction.
 */
export async function ensureChat(tx: DbOrTx, userId: number, peerId: number, goodsId: number | null): Promise<number> {
  const now = nowIso();
  const chat = await repo.upsertChat(tx, repo.pairKey(userId, peerId, goodsId), goodsId, now);
  if (chat.created) await repo.insertMembers(tx, chat.id, userId, peerId, now);
  return chat.id;
}

export async function listChats({ db }: Deps<"db">, userId: number, query: PageQuery): Promise<Page<Chat>> {
  const [list, total] = await Promise.all([
    repo.memberChatsPage(db, userId, pageWindow(query)).then((rows) => toChats(db, rows)),
    repo.countMemberChats(db, userId),
  ]);
  return { list, total, page: query.page, pageSize: query.pageSize };
}

export async function unreadTotal({ db }: Deps<"db">, userId: number): Promise<{ unreadTotal: number }> {
  return { unreadTotal: await repo.unreadTotal(db, userId) };
}

export async function chatHistory({ db }: Deps<"db">, userId: number, query: ChatHistoryQuery): Promise<ChatHistory> {
  const chatId = Number(query.chatId);
  await peerInChat(db, chatId, userId);
  const before = query.before === undefined ? undefined : Number(query.before);
  const rows = await repo.messagesBefore(db, chatId, before, query.pageSize + 1);
  return { list: rows.slice(0, query.pageSize).map(toMessage), hasMore: rows.length > query.pageSize };
}

/**
 * Marks the chat read up to its newest message; answers the frame that tells both members'
 * devices, and who they are.
 */
export async function setRead(
  { db }: Deps<"db">,
  userId: number,
  chatId: number,
): Promise<{ frame: Extract<ServerFrame, { type: "read" }>; memberIds: number[] }> {
  const peerId = await peerInChat(db, chatId, userId);
  const readUpTo = await repo.markRead(db, chatId, userId);
  return {
    frame: { type: "read", chatId: String(chatId), userId: String(userId), readUpTo: String(readUpTo) },
    memberIds: [userId, peerId],
  };
}

/**
 * Image messages show pictures uploaded here (web size), saved as "/files/…" whatever the picture
 * store; goods messages point at goods that exist. Returns the content to store.
 */
async function checkedContent(db: DbOrTx, frame: SendFrame): Promise<string> {
  if (frame.msgType === "image") {
    const picture = savedPictureAddress(frame.content);
    if (!picture || picture.saved !== `/files/${picture.fileId}.webp`) throw appError("BAD_IMAGE_MESSAGE");
    return picture.saved;
  }
  if (frame.msgType === "goods") {
    if (!/^[1-9]\d{0,9}$/.test(frame.content)) throw appError("BAD_FRAME", "商品消息须是商品编号");
    await requireGoods(db, Number(frame.content));
  }
  return frame.content;
}

export interface SentMessage {
  message: ChatMessage;
  memberIds: number[];
}

/**
 * Stores a message, then it may be acknowledged and pushed. A resend with the same clientMsgId
 * (the ack was lost) answers the stored message instead of storing it twice: the insert itself
 * tells, so a new text message is one statement.
 */
export async function sendMessage({ db }: Deps<"db">, senderId: number, frame: SendFrame): Promise<SentMessage> {
  const chatId = Number(frame.chatId);
  const peerId = await peerInChat(db, chatId, senderId);
  if (await isClosedAccount(db, peerId)) throw appError("PEER_DELETED");
  await requireNotBlocked(db, senderId, peerId);
  const memberIds = [senderId, peerId];
  const earlier = () => repo.findMessageByClientId(db, senderId, frame.clientMsgId);
  let content = frame.content;
  if (frame.msgType !== "text") {
    // A resend answers what was stored, even if what it points at has gone since.
    const stored = await earlier();
    if (stored) return { message: toMessage(stored), memberIds };
    content = await checkedContent(db, frame);
  }
  const row = await repo.insertNewMessage(db, {
    chatId,
    senderId,
    type: frame.msgType,
    content,
    clientMsgId: frame.clientMsgId,
    createdAt: nowIso(),
  });
  const message = row ?? (await earlier());
  if (!message) throw new Error(`message ${frame.clientMsgId} of user ${senderId} neither stored nor found`);
  return { message: toMessage(message), memberIds };
}

/**
 * A message the product itself writes into a chat (an offer's card, a notice), in the caller's
 * transaction; the caller pushes it once that has committed. Its client id is random, so no client
 * can have taken it first.
 */
export async function storeProductMessage(
  tx: DbOrTx,
  message: { chatId: number; senderId: number; type: Exclude<MessageType, SendableMessageType>; content: string },
): Promise<ChatMessage> {
  const clientMsgId = `${message.type}:${randomUUID()}`;
  const row = await repo.insertNewMessage(tx, { ...message, clientMsgId, createdAt: nowIso() });
  if (!row) throw new Error(`product message ${clientMsgId} collided with a stored one`);
  return toMessage(row);
}
