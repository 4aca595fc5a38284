import { SUSPENDED_FOREVER } from "@xianzhi/contract";
import type { Db } from "../../db/database.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import { restoreSellerGoods } from "../goods/index.js";

/** The date as people in China read it: 2026年12月1日. */
const chinaDate = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "long",
  day: "numeric",
});

/** What a suspended user is told on signing in: until when, and the moderator's reason. */
function suspendedMessage(until: string, reason: string | undefined): string {
  const end = until === SUSPENDED_FOREVER ? "账号已被永久封禁" : `账号已被封禁至 ${chinaDate.format(new Date(until))}`;
  return reason ? `${end}，原因：${reason}` : end;
}

/** The reason the moderator gave for the user's latest suspension, from the audit log. */
async function suspensionReason(db: Db, userId: number): Promise<string | undefined> {
  const line = await db
    .selectFrom("moderationLog")
    .select("reason")
    .where("targetUserId", "=", userId)
    .where("action", "=", "suspend")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return line?.reason;
}

/** Ends the user's suspension if its time has come, bringing their goods back; answers whether it did. */
async function liftIfEnded(db: Db, userId: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const lifted = await tx
      .updateTable("users")
      .set({ suspendedUntil: null })
      .where("id", "=", userId)
      .where("suspendedUntil", "<=", nowIso())
      .returning("id")
      .executeTakeFirst();
    if (lifted) await restoreSellerGoods(tx, userId);
    return lifted !== undefined;
  });
}

/** Every suspension whose time has come (the periodic purge). */
export async function liftEndedSuspensions({ db }: Deps<"db">): Promise<number> {
  const ended = await db.selectFrom("users").select("id").where("suspendedUntil", "<=", nowIso()).execute();
  let lifted = 0;
  for (const { id } of ended) if (await liftIfEnded(db, id)) lifted += 1;
  return lifted;
}

/**
 * Refuses a suspended user's sign-in with the end date; one whose suspension has ended since the
 * last purge is let in, the suspension lifted on the way.
 */
export async function refuseSuspended(
  { db }: Deps<"db">,
  user: { id: number; suspendedUntil: string | null },
): Promise<void> {
  if (user.suspendedUntil === null) return;
  if (user.suspendedUntil > nowIso()) {
    const reason = await suspensionReason(db, user.id);
    const data = { suspendedUntil: user.suspendedUntil, reason: reason ?? "" };
    throw appError("ACCOUNT_SUSPENDED", suspendedMessage(user.suspendedUntil, reason), data);
  }
  await liftIfEnded(db, user.id);
}
