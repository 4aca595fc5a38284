import type { WordRule, WordRuleAction, WordRuleBody } from "@xianzhi/contract";
import type { Db, DbOrTx } from "../../db/database.js";
import { uniqueViolation } from "../../db/errors.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import { toPublicUser } from "../accounts/user-mapper.js";

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
export async function listWordRules(db: Db): Promise<WordRule[]> {
  return (await selectRules(db).orderBy("wordRules.id", "desc").execute()).map(toWordRule);
}

/** A word is one rule: the same word again (in any case) is refused, however many add it at once. */
export async function addWordRule(db: Db, moderatorId: number, body: WordRuleBody): Promise<WordRule> {
  const exists = await db
    .selectFrom("wordRules")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["word"]), "=", body.word.toLowerCase()))
    .executeTakeFirst();
  if (exists) throw appError("WORD_RULE_EXISTS");
  const row = await db
    .insertInto("wordRules")
    .values({ word: body.word, action: body.action, createdBy: moderatorId, createdAt: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      if (uniqueViolation(error) !== null) throw appError("WORD_RULE_EXISTS");
      throw error;
    });
  return ruleById(db, row.id);
}

export async function setWordRuleAction(db: Db, id: number, action: WordRuleAction): Promise<WordRule> {
  const changed = await db.updateTable("wordRules").set({ action }).where("id", "=", id).returning("id").execute();
  if (changed.length === 0) throw appError("WORD_RULE_NOT_FOUND");
  return ruleById(db, id);
}

export async function removeWordRule(db: Db, id: number): Promise<null> {
  const removed = await db.deleteFrom("wordRules").where("id", "=", id).returning("id").execute();
  if (removed.length === 0) throw appError("WORD_RULE_NOT_FOUND");
  return null;
}
