import type { Goods } from "@xianzhi/contract";
import type { Page } from "@xianzhi/contract/constants";

/**
 * The goods of each page loaded so far, each goods in the first page that has it. Pages read on
 * from cursors do not overlap; but a feed asked again (its pages refetched one after another) or
 * a sort by a count that changed meanwhile (想要) can bring goods already shown.
 */
export function loadedGoodsPages(pages: Page<Goods>[] | undefined): Goods[][] {
  const seen = new Set<string>();
  return (pages ?? []).map((page) => page.list.filter((goods) => !seen.has(goods.id) && seen.add(goods.id)));
}
