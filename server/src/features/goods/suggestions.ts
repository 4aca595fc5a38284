import { CATEGORIES, type Category, DiscoveryLimits, type Suggestion } from "@xianzhi/contract";
import type { Deps } from "../../services.js";
import { searchGoodsIds } from "./goods-search.js";

/** Titles read to find the completions of what was typed. */
const TITLES_READ = 40;
/** Characters a completion may add to what was typed. */
const COMPLETION_MAX = 8;
const SEPARATOR = /[\s,.;:!?，。；：！？、·/|()（）【】[\]「」"'“”-]/u;

/**
 * The word of the title that starts where the typed text does: "苹果" in "九成新 苹果手机 13" gives
 * "苹果手机". Case is the title's; undefined when the title does not hold the text.
 */
export function completionIn(title: string, typed: string): string | undefined {
  const at = title.toLowerCase().indexOf(typed.toLowerCase());
  if (at < 0) return undefined;
  const chars = [...title.slice(at)];
  const typedLength = [...typed].length;
  let end = typedLength;
  while (end < chars.length && end < typedLength + COMPLETION_MAX && !SEPARATOR.test(chars[end] as string)) end += 1;
  return chars.slice(0, end).join("");
}

/** Completions found in titles, the most frequent first, then the shorter. */
function keywordSuggestions(titles: string[], typed: string): Suggestion[] {
  const counts = new Map<string, number>();
  for (const title of titles) {
    const completion = completionIn(title, typed);
    if (completion) counts.set(completion, (counts.get(completion) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a, countA], [b, countB]) => countB - countA || a.length - b.length)
    .map(([text]) => ({ kind: "keyword", text }));
}

/**
 * What to offer as the user types: the categories whose name holds the text, then completions
 * from the titles of the goods the search itself finds for it, newest first.
 */
export async function suggestionsFor({ db }: Deps<"db">, typed: string): Promise<Suggestion[]> {
  const categories: Suggestion[] = (Object.entries(CATEGORIES) as [Category, string][])
    .filter(([, label]) => label.includes(typed))
    .map(([category, label]) => ({ kind: "category", text: label, category }));
  const { ids } = await searchGoodsIds(db, typed, {}, "latest", { limit: TITLES_READ, offset: 0 });
  const titles = ids.length
    ? (await db.selectFrom("goods").select("title").where("id", "in", ids).execute()).map((row) => row.title)
    : [];
  return [...categories, ...keywordSuggestions(titles, typed)].slice(0, DiscoveryLimits.suggestionsMax);
}
