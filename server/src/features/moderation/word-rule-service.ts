import type { WordRule, WordRuleAction, WordRuleBody, WordRuleChange } from "@xianzhi/contract";
import { WORD_RULE_ACTIONS } from "@xianzhi/contract/constants";
import type { DbOrTx } from "../../db/database.js";
import { uniqueViolation } from "../../db/errors.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import { toPublicUser } from "../accounts/index.js";
import { writeLog } from "./moderation-log.js";

/** A change of the table is a line of the audit log, written in the change's transaction. */
function logRuleChange(tx: DbOrTx, moderatorId: number, change: WordRuleChange, rule: WordRule) {
  const reason = `${rule.word}（${WORD_RULE_ACTIONS[rule.action]}）`;
  return writeLog(tx, {
    moderatorId,
    action: change,
    targetType: "word_rule",
    targetId: Number(rule.id),
    targetUserId: null,
    reason,
    days: null,
    resolvedReports: 0,
    createdAt: nowIso(),
  });
}

function selectRules(db: DbOrTx) {
  return db
    .selectFrom("wordRules")
    .leftJoin("users", "users.id", "wordRules.createdBy")
    .selectAll("wordRules")
    .select(["users.username", "users.nickname", "users.avatarUrl"]);
}
type RuleRow = Awaited<ReturnType<ReturnType<typeof selectRules>["executeTakeFirstOrThrow"]>>;

function toWordRule(row: RuleRow): WordRule {
  return {
    id: String(row.id),
    word: row.word,
    action: row.action as WordRuleAction,
    createdBy:
      row.createdBy === null || row.username === null
        ? null
        : toPublicUser({
            id: row.createdBy,
            username: row.username,
            nickname: row.nickname ?? "",
            avatarUrl: row.avatarUrl,
          }),
    createdAt: row.createdAt,
  };
}

async function ruleById(db: DbOrTx, id: number): Promise<WordRule> {
  const row = await selectRules(db).where("wordRules.id", "=", id).executeTakeFirst();
  if (!row) throw appError("WORD_RULE_NOT_FOUND");
  return toWordRule(row);
}

/** Every rule, newest first (a few hundred at most: the console shows them all). */
export async function listWordRules({ db }: Deps<"db">): Promise<WordRule[]> {
  return (await selectRules(db).orderBy("wordRules.id", "desc").execute()).map(toWordRule);
}

/** A word is one rule: the same word again (in any case) is refused, however many add it at once. */
export async function addWordRule({ db }: Deps<"db">, moderatorId: number, body: WordRuleBody): Promise<WordRule> {
  return db.transaction().execute(async (tx) => {
    const exists = await tx
      .selectFrom("wordRules")
      .select("id")
      .where((eb) => eb(eb.fn("lower", ["word"]), "=", body.word.toLowerCase()))
      .executeTakeFirst();
    if (exists) throw appError("WORD_RULE_EXISTS");
    const row = await tx
      .insertInto("wordRules")
      .values({ word: body.word, action: body.action, createdBy: moderatorId, createdAt: nowIso() })
      .returning("id")
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        if (uniqueViolation(error) !== null) throw appError("WORD_RULE_EXISTS");
        throw error;
      });
    const rule = await ruleById(tx, row.id);
    await logRuleChange(tx, moderatorId, "add_word_rule", rule);
    return rule;
  });
}

export async function setWordRuleAction(
  { db }: Deps<"db">,
  moderatorId: number,
  id: number,
  action: WordRuleAction,
): Promise<WordRule> {
  return db.transaction().execute(async (tx) => {
    const changed = await tx.updateTable("wordRules").set({ action }).where("id", "=", id).returning("id").execute();
    if (changed.length === 0) throw appError("WORD_RULE_NOT_FOUND");
    const rule = await ruleById(tx, id);
    await logRuleChange(tx, moderatorId, "change_word_rule", rule);
    return rule;
  });
}

export async function removeWordRule({ db }: Deps<"db">, moderatorId: number, id: number): Promise<null> {
  return db.transaction().execute(async (tx) => {
    const rule = await ruleById(tx, id);
    const removed = await tx.deleteFrom("wordRules").where("id", "=", id).returning("id").execute();
    if (removed.length === 0) throw appError("WORD_RULE_NOT_FOUND");
    await logRuleChange(tx, moderatorId, "remove_word_rule", rule);
    return null;
  });
}
