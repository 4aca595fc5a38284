import type { Kysely } from "kysely";

/**
 * A refund request says how it ended: the transition that took it to 已退款 or 退款关闭 (withdraw,
 * returnLapsed, ruleRelease, ...), so a closed one tells a withdrawal from a lapse.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("refunds").addColumn("ended_by", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("refunds").dropColumn("ended_by").execute();
}
