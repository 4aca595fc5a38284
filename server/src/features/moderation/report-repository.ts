import type { ReportTarget } from "@xianzhi/contract";
import { type Insertable, type Selectable, sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import type { ReportsTable } from "../../db/schema.js";

export type ReportRow = Selectable<ReportsTable>;

/**
 * Whose the target is, when the reporter may report it: goods, users and comments anyone can see;
 * a message only one of its chat's members, and only one they did not send. Undefined otherwise.
 */
export async function ownerOfTarget(
  db: DbOrTx,
  reporterId: number,
  type: ReportTarget,
  id: number,
): Promise<number | undefined> {
  switch (type) {
    case "goods":
      return (await db.selectFrom("goods").select("sellerId as ownerId").where("id", "=", id).executeTakeFirst())
        ?.ownerId;
    case "user":
      return (await db.selectFrom("users").select("id as ownerId").where("id", "=", id).executeTakeFirst())?.ownerId;
    case "comment":
      return (await db.selectFrom("comments").select("userId as ownerId").where("id", "=", id).executeTakeFirst())
        ?.ownerId;
    case "message":
      return (
        await db
          .selectFrom("messages")
          .innerJoin("chatMembers", "chatMembers.chatId", "messages.chatId")
          .select("messages.senderId as ownerId")
          .where("messages.id", "=", id)
          .where("chatMembers.userId", "=", reporterId)
          .executeTakeFirst()
      )?.ownerId;
  }
}

/** The new report, or undefined when the reporter's report of the target is still open. */
export function insertReport(db: DbOrTx, report: Insertable<ReportsTable>) {
  return (
    db
      .insertInto("reports")
      .values(report)
      // A literal: PostgreSQL matches the partial index by its predicate, which a parameter is not.
      .onConflict((oc) =>
        oc.columns(["reporterId", "targetType", "targetId"]).where(sql<boolean>`status = 'open'`).doNothing(),
      )
      .returningAll()
      .executeTakeFirst()
  );
}
