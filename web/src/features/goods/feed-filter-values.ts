import type { GoodsListQuery } from "@xianzhi/contract";
import { CONDITIONS, type Condition, GoodsLimits } from "@xianzhi/contract/constants";

/**
 * The price, condition and city filters of the feed and the search, as kept in the page's URL
 * (`minPrice=100&maxPrice=500&condition=new,like_new&city=上海`, prices in yuan as typed), so
 * that back, refresh and a shared link keep them.
 */
export interface FeedFilterValues {
  minYuan?: number;
  maxYuan?: number;
  conditions: Condition[];
  city: string;
}

export const NO_FILTERS: FeedFilterValues = { conditions: [], city: "" };

export const MAX_YUAN = GoodsLimits.priceMaxCents / 100;

function yuanParam(value: string | null): number | undefined {
  if (!value) return undefined;
  const yuan = Number(value);
  return Number.isFinite(yuan) && yuan >= 0 && yuan <= MAX_YUAN ? yuan : undefined;
}

const isCondition = (value: string): value is Condition => Object.hasOwn(CONDITIONS, value);

/** What the URL says; anything it cannot mean is left out rather than sent to fail. */
export function readFeedFilters(params: URLSearchParams): FeedFilterValues {
  return {
    minYuan: yuanParam(params.get("minPrice")),
    maxYuan: yuanParam(params.get("maxPrice")),
    conditions: (params.get("condition") ?? "").split(",").filter(isCondition),
    city: (params.get("city") ?? "").trim().slice(0, GoodsLimits.locationMax),
  };
}

/** The URL parameters for the values ("" removes one). */
export function feedFilterParams(values: FeedFilterValues): Record<string, string> {
  return {
    minPrice: values.minYuan === undefined ? "" : String(values.minYuan),
    maxPrice: values.maxYuan === undefined ? "" : String(values.maxYuan),
    condition: values.conditions.join(","),
    city: values.city.trim(),
  };
}

const toCents = (yuan: number | undefined) => (yuan === undefined ? undefined : Math.round(yuan * 100));

/** The list and search API's filter fields (prices in fen). */
export function feedFilterQuery(
  values: FeedFilterValues,
): Pick<GoodsListQuery, "minPrice" | "maxPrice" | "condition" | "city"> {
  const [minPrice, maxPrice] = [toCents(values.minYuan), toCents(values.maxYuan)];
  const inOrder = minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice;
  return {
    minPrice: inOrder ? minPrice : maxPrice,
    maxPrice: inOrder ? maxPrice : minPrice,
    condition: values.conditions.length > 0 ? values.conditions : undefined,
    city: values.city || undefined,
  };
}

/** How many of the three filters are set, for the 筛选 button's badge. */
export function activeFilterCount(values: FeedFilterValues): number {
  const price = values.minYuan !== undefined || values.maxYuan !== undefined;
  return [price, values.conditions.length > 0, values.city !== ""].filter(Boolean).length;
}

/** The price range as a person reads it: "¥100 - ¥500", "¥100 以上", "¥500 以下". */
export function priceRangeText({ minYuan, maxYuan }: FeedFilterValues): string {
  if (minYuan !== undefined && maxYuan !== undefined) return `¥${minYuan} - ¥${maxYuan}`;
  if (minYuan !== undefined) return `¥${minYuan} 以上`;
  return `¥${maxYuan} 以下`;
}
