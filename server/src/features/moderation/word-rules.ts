import type { WordRuleAction } from "@xianzhi/contract";
import type { Db } from "../../db/database.js";

/** A rule a text breaks: the first refusing one, else the first holding one. */
export interface WordVerdict {
  word: string;
  action: WordRuleAction;
}

interface LoadedRule {
  needle: string;
  word: string;
  action: WordRuleAction;
}

/** How long another process's change to the rules may take to reach this one. */
const RULES_TTL_MS = 30_000;

/**
 * The prohibited-word rules, read once and kept in memory: posting goods checks them without a
 * query. A change made here drops them at once; one made by another process shows within the TTL.
 */
export class WordRules {
  #rules: Promise<LoadedRule[]> | undefined;
  #readAt = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = RULES_TTL_MS,
  ) {}

  /** What the rules make of these texts: matched case-insensitively, anywhere in a text. */
  async verdict(...texts: string[]): Promise<WordVerdict | undefined> {
    const rules = await this.current();
    if (rules.length === 0) return undefined;
    const haystack = texts.join("\n").toLowerCase();
    let held: WordVerdict | undefined;
    for (const { needle, word, action } of rules) {
      if (!haystack.includes(needle)) continue;
      if (action === "refuse") return { word, action };
      held ??= { word, action };
    }
    return held;
  }

  /** Called after every change of the table in this process. */
  changed(): void {
    this.#rules = undefined;
  }

  private current(): Promise<LoadedRule[]> {
    if (!this.#rules || Date.now() - this.#readAt > this.ttlMs) {
      this.#readAt = Date.now();
      const loading = this.load();
      // A failed read is not kept: the next post tries again.
      loading.catch(() => {
        if (this.#rules === loading) this.#rules = undefined;
      });
      this.#rules = loading;
    }
    return this.#rules;
  }

  private async load(): Promise<LoadedRule[]> {
    const rows = await this.db.selectFrom("wordRules").select(["word", "action"]).orderBy("id").execute();
    return rows.map((row) => ({
      needle: row.word.toLowerCase(),
      word: row.word,
      action: row.action as WordRuleAction,
    }));
  }
}
