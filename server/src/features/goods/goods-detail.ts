import type { Goods } from "@xianzhi/contract";
import { CountedAnswer } from "../../http/counted-answer.js";
import type { Deps } from "../../services.js";
import { viewGoods } from "./goods-service.js";

/**
 * A visit to a goods' details, counted, as the API answers it and the goods page's document shows
 * it. Both use this one presentation: they share the cached entry (and its running view count).
 */
export async function visitGoods(
  deps: Deps<"db" | "views" | "answers">,
  goodsId: number,
  viewerId?: () => Promise<number | undefined>,
) {
  return viewGoods(deps, goodsId, (details: Goods) => new CountedAnswer(details, "viewCount"), viewerId);
}

/** The details of a visit as data, with the count this visit saw (goods others cannot see are not found). */
export async function visitedGoods(deps: Deps<"db" | "views" | "answers">, goodsId: number): Promise<Goods> {
  const { presented, viewCount } = await visitGoods(deps, goodsId);
  return { ...presented.data, viewCount };
}
