import type { ReportQueueSort, ReportTarget } from "@xianzhi/contract";
import { sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";

/** A page of targets with open reports: counted, their reasons, newest or most reported first. */
export async function openTargetsPage(db: DbOrTx, sort: ReportQueueSort, page: { limit: number; offset: number }) {
  const grouped = db
    .selectFrom("reports")
    .where("status", "=", "open")
    .groupBy(["targetType", "targetId"])
    .select((eb) => [
      "targetType",
      "targetId",
      eb.fn.max("targetUserId").as("targetUserId"),
      eb.fn.countAll<number | string>().as("reportCount"),
      eb.fn.max("createdAt").as("latestReportAt"),
      eb.fn.max("id").as("latestId"),
      sql<string>`string_agg(reason, ',')`.as("reasons"),
    ]);
  const ordered =
    sort === "most"
      ? grouped.orderBy(sql`COUNT(*)`, "desc").orderBy(sql`MAX(id)`, "desc")
      : grouped.orderBy(sql`MAX(id)`, "desc");
  const [rows, count] = await Promise.all([
    ordered.limit(page.limit).offset(page.offset).execute(),
    db
      .selectFrom(grouped.as("targets"))
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** What each target says in a line of the queue, by type: titles, texts and nicknames. */
export async function summariesOf(db: DbOrTx, targets: { targetType: string; targetId: number }[]) {
  const idsOf = (type: ReportTarget) => targets.filter((t) => t.targetType === type).map((t) => t.targetId);
  const read = async (type: ReportTarget, ids: number[]) => {
    if (ids.length === 0) return [];
    switch (type) {
      case "goods":
        return db.selectFrom("goods").select(["id", "title as text"]).where("id", "in", ids).execute();
      case "comment":
        return db.selectFrom("comments").select(["id", "content as text"]).where("id", "in", ids).execute();
      case "message":
        return db.selectFrom("messages").select(["id", "content as text"]).where("id", "in", ids).execute();
      case "user":
        return db.selectFrom("users").select(["id", "nickname as text"]).where("id", "in", ids).execute();
    }
  };
  const summaries = new Map<string, string>();
  for (const type of ["goods", "comment", "message", "user"] as const) {
    for (const row of await read(type, idsOf(type))) summaries.set(`${type}:${row.id}`, row.text);
  }
  return summaries;
}

/** Held goods, oldest first (the longest waiting), as ids for a page of goods. */
export async function heldGoodsIds(db: DbOrTx, page: { limit: number; offset: number }) {
  const base = db.selectFrom("goods").where("visibility", "=", "held");
  const [rows, count] = await Promise.all([
    base.select("id").orderBy("id").limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(count.n) };
}

/** The open reports of a target, oldest first, with their reporters. */
export function openReportsOf(db: DbOrTx, type: ReportTarget, id: number) {
  return db
    .selectFrom("reports")
    .leftJoin("users", "users.id", "reports.reporterId")
    .selectAll("reports")
    .select(["users.username", "users.nickname", "users.avatarUrl"])
    .where("reports.targetType", "=", type)
    .where("reports.targetId", "=", id)
    .where("reports.status", "=", "open")
    .orderBy("reports.id")
    .execute();
}

/** A reported message and the few on each side of it in its chat, in order. */
export async function messagesAround(db: DbOrTx, messageId: number, around: number) {
  const message = await db.selectFrom("messages").select("chatId").where("id", "=", messageId).executeTakeFirst();
  if (!message) return [];
  const select = () =>
    db
      .selectFrom("messages")
      .leftJoin("users", "users.id", "messages.senderId")
      .select([
        "messages.id",
        "messages.senderId",
        "messages.type",
        "messages.content",
        "messages.createdAt",
        "users.username",
        "users.nickname",
        "users.avatarUrl",
      ])
      .where("messages.chatId", "=", message.chatId);
  const [before, after] = await Promise.all([
    select()
      .where("messages.id", "<=", messageId)
      .orderBy("messages.id", "desc")
      .limit(around + 1)
      .execute(),
    select().where("messages.id", ">", messageId).orderBy("messages.id").limit(around).execute(),
  ]);
  return [...before.reverse(), ...after];
}
