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
