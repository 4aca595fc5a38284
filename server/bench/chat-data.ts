/**
 * The chat benchmark's people and chats, written straight into a migrated database in batches:
 * a thousand sign-ins through the API would spend minutes in scrypt, captchas and rate limits.
 * Rows look as the product writes them (the pair key, both member rows); the database's own
 * trigger records each message's activity (last message, unread counts) as it does for the product.
 */
import type { Insertable } from "kysely";
import type { Db } from "../src/db/database.js";
import type { MessagesTable } from "../src/db/schema.js";
import { pairKey } from "../src/features/chat/index.js";
import { isoAfterSeconds } from "../src/lib/clock.js";
import { randomToken, sha256 } from "../src/lib/secrets.js";

const BATCH = 500;
const CREATED_AT = "2026-01-01T00:00:00.000Z";

export interface BenchUser {
  id: number;
  token: string;
}

/** Two users and their chat: the sockets' pairs, and the small and the pathological cases. */
export interface BenchPair {
  chatId: number;
  a: BenchUser;
  b: BenchUser;
}

export interface ChatBenchData {
  /** Socket pairs: `a` and `b` talk in `chatId`. */
  pairs: BenchPair[];
  /** A chat with a few messages (`smallMessages`), the reference of the pathological ones. */
  small: BenchPair;
  /** A chat with `bigMessages` messages. */
  big: BenchPair;
  /** A user with `crowdedChats` chats, each with one message. */
  crowded: BenchUser;
  /** Ids of the small and the big chat's message halfway through: where an older page starts. */
  smallMiddleId: number;
  bigMiddleId: number;
}

export interface ChatBenchSizes {
  socketPairs: number;
  smallMessages: number;
  bigMessages: number;
  crowdedChats: number;
}

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await write(rows.slice(start, start + BATCH));
}

/** Users named `${prefix}${i}`, each with a session of a day; answers them in order. */
async function insertUsers(db: Db, prefix: string, count: number): Promise<BenchUser[]> {
  const names = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  await inBatches(names, (batch) =>
    db
      .insertInto("users")
      .values(
        batch.map((name) => ({
          username: name,
          usernameLower: name,
          email: `${name}@example.com`,
          passwordHash: "x",
          nickname: name,
          avatarUrl: null,
          bio: "",
          createdAt: CREATED_AT,
          updatedAt: CREATED_AT,
        })),
      )
      .execute(),
  );
  const ids = new Map<string, number>();
  await inBatches(names, async (batch) => {
    const rows = await db.selectFrom("users").select(["id", "username"]).where("username", "in", batch).execute();
    for (const row of rows) ids.set(row.username, row.id);
  });
  const users = names.map((name) => ({ id: ids.get(name) as number, token: randomToken() }));
  const expiresAt = isoAfterSeconds(86_400);
  await inBatches(users, (batch) =>
    db
      .insertInto("sessions")
      .values(
        batch.map((user) => ({ userId: user.id, tokenHash: sha256(user.token), createdAt: CREATED_AT, expiresAt })),
      )
      .execute(),
  );
  return users;
}

/** One chat per pair with both member rows; answers the chat ids in order. */
async function insertChats(db: Db, pairs: [BenchUser, BenchUser][]): Promise<number[]> {
  const keys = pairs.map(([a, b]) => pairKey(a.id, b.id, null));
  await inBatches(keys, (batch) =>
    db
      .insertInto("chats")
      .values(
        batch.map((key) => ({
          pairKey: key,
          goodsId: null,
          lastMessageId: null,
          createdAt: CREATED_AT,
          updatedAt: CREATED_AT,
        })),
      )
      .execute(),
  );
  const ids = new Map<string, number>();
  await inBatches(keys, async (batch) => {
    const rows = await db.selectFrom("chats").select(["id", "pairKey"]).where("pairKey", "in", batch).execute();
    for (const row of rows) ids.set(row.pairKey, row.id);
  });
  const chatIds = keys.map((key) => ids.get(key) as number);
  const members = pairs.flatMap(([a, b], i) => {
    const chatId = chatIds[i] as number;
    return [
      { chatId, userId: a.id, peerId: b.id, updatedAt: CREATED_AT },
      { chatId, userId: b.id, peerId: a.id, updatedAt: CREATED_AT },
    ];
  });
  await inBatches(members, (batch) => db.insertInto("chatMembers").values(batch).execute());
  return chatIds;
}

/** `count` messages in a chat, the members taking turns, one a second from `startSecond`. */
function messageRows(chatId: number, senders: number[], count: number, startSecond = 0): Insertable<MessagesTable>[] {
  const start = Date.parse(CREATED_AT) + startSecond * 1000;
  return Array.from({ length: count }, (_, i) => ({
    chatId,
    senderId: senders[i % senders.length] as number,
    type: "text",
    content: `第 ${i + 1} 条消息：这件还在吗？可以便宜一点吗`,
    clientMsgId: `bench-${chatId}-${i}`,
    createdAt: new Date(start + i * 1000).toISOString(),
  }));
}

/** The id of the message halfway through a chat: where an older page starts. */
async function middleMessageId(db: Db, chatId: number): Promise<number> {
  const ids = await db.selectFrom("messages").select("id").where("chatId", "=", chatId).orderBy("id", "asc").execute();
  return ids[Math.floor(ids.length / 2)]?.id ?? 0;
}

/** Everything the benchmark needs, in a migrated database holding no users yet. */
export async function fillChatData(db: Db, sizes: ChatBenchSizes): Promise<ChatBenchData> {
  const socketUsers = await insertUsers(db, "sock", sizes.socketPairs * 2);
  const socketPairs = Array.from(
    { length: sizes.socketPairs },
    (_, i) => [socketUsers[2 * i], socketUsers[2 * i + 1]] as [BenchUser, BenchUser],
  );
  const [smallA, smallB, bigA, bigB, crowded] = (await insertUsers(db, "case", 5)) as BenchUser[];
  const crowdPeers = await insertUsers(db, "peer", sizes.crowdedChats);
  const casePairs: [BenchUser, BenchUser][] = [
    [smallA as BenchUser, smallB as BenchUser],
    [bigA as BenchUser, bigB as BenchUser],
  ];
  const crowdPairs = crowdPeers.map((peer) => [crowded as BenchUser, peer] as [BenchUser, BenchUser]);
  const chatIds = await insertChats(db, [...socketPairs, ...casePairs, ...crowdPairs]);
  const pairs = socketPairs.map(([a, b], i) => ({ chatId: chatIds[i] as number, a, b }));
  const [smallChat, bigChat] = chatIds.slice(socketPairs.length, socketPairs.length + 2) as [number, number];
  const crowdChats = chatIds.slice(socketPairs.length + 2);
  const messages = [
    ...messageRows(smallChat, [(smallA as BenchUser).id, (smallB as BenchUser).id], sizes.smallMessages),
    ...messageRows(bigChat, [(bigA as BenchUser).id, (bigB as BenchUser).id], sizes.bigMessages),
    // Each of the crowded user's chats has had one message from the peer.
    ...crowdChats.map(
      (chatId, i) => messageRows(chatId, [(crowdPeers[i] as BenchUser).id], 1, i)[0] as Insertable<MessagesTable>,
    ),
  ];
  await inBatches(messages, (batch) => db.insertInto("messages").values(batch).execute());
  const smallMiddleId = await middleMessageId(db, smallChat);
  const bigMiddleId = await middleMessageId(db, bigChat);
  return {
    pairs,
    small: { chatId: smallChat, a: smallA as BenchUser, b: smallB as BenchUser },
    big: { chatId: bigChat, a: bigA as BenchUser, b: bigB as BenchUser },
    crowded: crowded as BenchUser,
    smallMiddleId,
    bigMiddleId,
  };
}
