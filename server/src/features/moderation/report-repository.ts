import type { ReportTarget } from "@xianzhi/contract";
import { type Insertable, type Selectable, sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import type { ReportsTable } from "../../db/schema.js";

export type ReportRow = Selectable<ReportsTable>;

/**
 * Whose the target is; undefined when it no longer exists. With a reporter, only what they may
 * report: goods, users and comments anyone can see; a message only one of its chat's members.
 */
export async function ownerOfTarget(
  db: DbOrTx,
  type: ReportTarget,
  id: number,
  reporterId?: number,
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
    case "message": {
      let message = db.selectFrom("messages").select("messages.senderId as ownerId").where("messages.id", "=", id);
      if (reporterId !== undefined) {
        message = message
          .innerJoin("chatMembers", "chatMembers.chatId", "messages.chatId")
          .where("chatMembers.userId", "=", reporterId);
      }
      return (await message.executeTakeFirst())?.ownerId;
    }
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
