/** Chinese and Japanese characters: words are not separated by spaces in these scripts. */
const CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff";
export const CJK_CHARACTER_CLASS = `[${CJK}]`;
const CJK_CHARACTER = new RegExp(CJK_CHARACTER_CLASS, "g");

/**
 * Puts spaces around every CJK character, so a word tokenizer sees each as a word: a search for
 * the two-character word 手机 then becomes the phrase "手 机", which an index can answer.
 */
export function spaceCjk(text: string): string {
  return text.replace(CJK_CHARACTER, " $& ");
}

/** The words of a search term as the word index holds them: lower case, CJK characters one by one. */
export function wordTokens(term: string): string[] {
  return spaceCjk(term.toLowerCase())
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether the term ends inside a Latin word or number, where a prefix match is expected ("ps" finds "ps5"). */
export function endsInWord(term: string): boolean {
  return /[\p{L}\p{N}]$/u.test(term) && !new RegExp(`${CJK_CHARACTER_CLASS}$`).test(term);
}

const CJK_ONLY = new RegExp(`^${CJK_CHARACTER_CLASS}+$`);
const CJK_RUN = new RegExp(`${CJK_CHARACTER_CLASS}+`, "g");

/** Whether the text is Chinese or Japanese characters alone, each of them a word of its own. */
export function isCjkOnly(text: string): boolean {
  return CJK_ONLY.test(text);
}

/**
 * Every two neighbouring CJK characters as one word ("九成新" gives "九成 成新"): the word index
 * holds these beside the single characters, so a two-character word is one index entry to read
 * rather than two characters' entries and their positions.
 */
export function cjkPairs(text: string): string {
  const pairs: string[] = [];
  for (const [run] of text.matchAll(CJK_RUN)) {
    const characters = [...run];
    for (let i = 0; i + 1 < characters.length; i++) pairs.push(`${characters[i]}${characters[i + 1]}`);
  }
  return pairs.join(" ");
}

/**
 * A word of two CJK letters, which the word index holds as one entry (`cjkPairs`). Punctuation
 * such as "・" is in the CJK range but is no letter: the index's tokenizers split there.
 */
export function isCjkPair(term: string): boolean {
  return [...term].length === 2 && isCjkOnly(term) && /^\p{L}+$/u.test(term);
}

/** What the word index holds of a text: its words with CJK characters one by one, then the pairs. */
export function wordIndexText(text: string): string {
  return `${spaceCjk(text)} ${cjkPairs(text)}`;
}
