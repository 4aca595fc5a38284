/**
 * A comment being written survives the trip to the login page and back: it is kept per goods in
 * this tab's sessionStorage until it is posted.
 */
const keyOf = (goodsId: string) => `commentDraft:${goodsId}`;

export function readDraft(goodsId: string): string {
  // The server's render has no sessionStorage, nor anyone's draft.
  if (typeof sessionStorage === "undefined") return "";
  return sessionStorage.getItem(keyOf(goodsId)) ?? "";
}

export function keepDraft(goodsId: string, content: string): void {
  if (content) sessionStorage.setItem(keyOf(goodsId), content);
  else sessionStorage.removeItem(keyOf(goodsId));
}
