/**
 * What a name others see must be (security audit, issue 26): a nickname, a username, a goods'
 * title, a saved search's name. Plain values, free of schemas, so the web forms check the same
 * rule as the server's zod schemas (fields.ts `shownName`).
 *
 * Refused anywhere in a name: bidirectional controls (U+202A-U+202E embeddings and overrides,
 * U+2066-U+2069 isolates, U+200E/U+200F marks, U+061C the Arabic letter mark), which turn the text
 * around them (a right-to-left override makes "gpj.exe" read "exe.jpg"), and control characters
 * (line breaks, tabs, escapes). Refused as the whole name: one with no visible character, only
 * spaces, zero-width characters (U+200B-U+200D, U+2060, U+FEFF), other format characters, blank
 * fillers (Hangul fillers, the blank Braille pattern) or combining marks with nothing to sit on.
 * Zero-width joiners inside a name stay allowed: emoji sequences (👨‍👩‍👧) need them.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
const CONTROL = /\p{Cc}/u;
/** Characters that show nothing by themselves. */
const INVISIBLE = /^[\s\p{Z}\p{Cc}\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]+$/u;

/** Whether a name may be shown to others: no bidi or control character, and something to see ("" is left to the length rules). */
export function isShownName(name: string): boolean {
  return !BIDI_CONTROL.test(name) && !CONTROL.test(name) && !INVISIBLE.test(name);
}

/** The words of a refused name, the field named first ("昵称"). */
export function hiddenCharactersMessage(label: string): string {
  return `${label}不能包含不可见或控制字符`;
}
