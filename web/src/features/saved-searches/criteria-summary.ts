import type { SearchCriteria } from "@xianzhi/contract";
import { CATEGORIES, CONDITIONS } from "@xianzhi/contract/constants";
import { formatPrice } from "../../components/format";

function priceRange(minPrice: number | undefined, maxPrice: number | undefined): string | undefined {
  if (minPrice !== undefined && maxPrice !== undefined) return `${formatPrice(minPrice)} – ${formatPrice(maxPrice)}`;
  if (minPrice !== undefined) return `${formatPrice(minPrice)} 起`;
  if (maxPrice !== undefined) return `${formatPrice(maxPrice)} 以内`;
  return undefined;
}

/** A saved search's keyword and filters in words: “手机” · 数码 · ¥100 – ¥500 · 全新 / 几乎全新 · 上海. */
export function criteriaSummary(criteria: SearchCriteria): string {
  const { keyword, category, minPrice, maxPrice, condition, city } = criteria;
  return [
    `“${keyword}”`,
    category && CATEGORIES[category],
    priceRange(minPrice, maxPrice),
    condition?.map((value) => CONDITIONS[value]).join(" / "),
    city,
  ]
    .filter(Boolean)
    .join(" · ");
}
