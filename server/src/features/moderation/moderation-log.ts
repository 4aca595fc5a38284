import type { LogTarget, ModerationLogEntry, Page, PageQuery } from "@xianzhi/contract";
import type { Insertable } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import type { ModerationLogTable } from "../../db/schema.js";
import { pageWindow } from "../../lib/paging.js";
import type { Deps } from "../../services.js";
import { toPublicUser } from "../accounts/index.js";

/** Log lines with the moderator's and the target user's public fields. */
function selectLog(db: DbOrTx) {
  return db
    .selectFrom("moderationLog as log")
    .leftJoin("users as moderator", "moderator.id", "log.moderatorId")
    .leftJoin("users as target", "target.id", "log.targetUserId")
    .selectAll("log")
    .select([
      "moderator.username as moderatorUsername",
      "moderator.nickname as moderatorNickname",
      "moderator.avatarUrl as moderatorAvatarUrl",
      "target.username as targetUsername",
      "target.nickname as targetNickname",
      "target.avatarUrl as targetAvatarUrl",
    ]);
}
type LogRow = Awaited<ReturnType<ReturnType<typeof selectLog>["executeTakeFirstOrThrow"]>>;

const userOf = (id: number | null, username: string | null, nickname: string | null, avatarUrl: string | null) =>
  id === null || username === null ? null : toPublicUser({ id, username, nickname: nickname ?? "", avatarUrl });

function toLogEntry(row: LogRow): ModerationLogEntry {
  return {
    id: String(row.id),
    moderator: userOf(row.moderatorId, row.moderatorUsername, row.moderatorNickname, row.moderatorAvatarUrl),
    action: row.action as ModerationLogEntry["action"],
    targetType: row.targetType as LogTarget,
    targetId: String(row.targetId),
    targetUser: userOf(row.targetUserId, row.targetUsername, row.targetNickname, row.targetAvatarUrl),
    reason: row.reason,
    days: row.days,
    resolvedReports: row.resolvedReports,
    createdAt: row.createdAt,
  };
}

/** Writes a line of the audit log in the action's transaction; answers it as the API shows it. */
export async function writeLog(tx: DbOrTx, line: Insertable<ModerationLogTable>): Promise<ModerationLogEntry> {
  const { id } = await tx.insertInto("moderationLog").values(line).returning("id").executeTakeFirstOrThrow();
  return toLogEntry(await selectLog(tx).where("log.id", "=", id).executeTakeFirstOrThrow());
}

/** The newest audit-log line of a target (its index, migration 0028); null when none. */
export async function lastActionOn(db: DbOrTx, target: { type: LogTarget; id: number }): Promise<number | null> {
  const line = await db
    .selectFrom("moderationLog")
    .select("id")
    .where("targetType", "=", target.type)
    .where("targetId", "=", target.id)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return line?.id ?? null;
}

/** The audit log, newest first. */
export async function logPage({ db }: Deps<"db">, query: PageQuery): Promise<Page<ModerationLogEntry>> {
  const { limit, offset } = pageWindow(query);
  const [rows, count] = await Promise.all([
    selectLog(db).orderBy("log.id", "desc").limit(limit).offset(offset).execute(),
    db
      .selectFrom("moderationLog")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toLogEntry), total: Number(count.n), page: query.page, pageSize: query.pageSize };
}
