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
export const RULES_TTL_MS = 30_000;

/** The rules as read at one moment: a verdict from them needs no query (so, none inside a transaction). */
export class WordRuleSet {
  constructor(private readonly rules: LoadedRule[]) {}

  /** What the rules make of these texts: matched case-insensitively, anywhere in a text. */
  verdict(...texts: string[]): WordVerdict | undefined {
    if (this.rules.length === 0) return undefined;
    const haystack = texts.join("\n").toLowerCase();
    let held: WordVerdict | undefined;
    for (const { needle, word, action } of this.rules) {
      if (!haystack.includes(needle)) continue;
      if (action === "refuse") return { word, action };
      held ??= { word, action };
    }
    return held;
  }
}

/**
 * The prohibited-word rules, read once and kept in memory: posting goods checks them without a
 * query. A change made here drops them at once; one made by another process shows within the TTL.
 * They are read through the root handle: take `current()` before a transaction, never inside one.
 */
export class WordRules {
  #rules: Promise<WordRuleSet> | undefined;
  #readAt = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = RULES_TTL_MS,
  ) {}

  async verdict(...texts: string[]): Promise<WordVerdict | undefined> {
    return (await this.current()).verdict(...texts);
  }

  /** Called after every change of the table in this process. */
  changed(): void {
    this.#rules = undefined;
  }

  /** The rules in force now, read again once the TTL has passed. */
  current(): Promise<WordRuleSet> {
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

  private async load(): Promise<WordRuleSet> {
    const rows = await this.db.selectFrom("wordRules").select(["word", "action"]).orderBy("id").execute();
    return new WordRuleSet(
      rows.map((row) => ({ needle: row.word.toLowerCase(), word: row.word, action: row.action as WordRuleAction })),
    );
  }
}
