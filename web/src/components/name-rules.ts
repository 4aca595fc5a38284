import { hiddenCharactersMessage, isShownName } from "@xianzhi/contract/constants";

/**
 * The form rule of a name others see (nickname, username, title): no bidi or control character and
 * something visible, checked with the contract's own rule, so the form refuses what the server
 * would, in the same words (昵称不能包含不可见或控制字符).
 */
export function shownNameRule(label: string) {
  return {
    validator: (_rule: unknown, value: unknown) =>
      typeof value !== "string" || isShownName(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(hiddenCharactersMessage(label))),
  };
}
