/**
 * The traffic real people send a marketplace, as distinct URLs: each asks for their own category,
 * sort, filters, page and words, not the same URL again and again (which the answer cache would
 * serve from memory). Deterministic: the same seed gives the same URLs in the same order.
 *
 * The mix: 35% lists, 35% details, 30% searches.
 * - Lists: any category (or none), the four sorts; 40% with a price band, a condition or a city
 *   (now and then two of them); pages 1-200, most on the first.
 * - Details: any goods of the catalogue.
 * - Searches: single words, brand + item, a model, condition word + item, rare words, one
 *   character, city + item; a third sorted by time or price; pages 1-10, most on the first.
 */
import { CATEGORIES, CONDITIONS, type GoodsSort } from "@xianzhi/contract";
import { seededRandom } from "./catalogue.js";

export type TrafficKind = "mix" | "lists" | "searches" | "details";

export const TRAFFIC_MIX = { lists: 0.35, details: 0.35, searches: 0.3 } as const;

const CITIES = ["上海", "北京", "深圳", "广州", "杭州", "成都", "武汉", "南京", "西安", "重庆", "苏州", "天津"];
const WORDS = ["手机", "沙发", "自行车", "耳机", "相机", "书桌", "羽绒服", "吉他", "冰箱", "乐高", "显示器", "口红"];
const BRAND_ITEMS = ["小米 手机", "苹果 耳机", "索尼 相机", "宜家 沙发", "耐克 运动鞋", "联想 笔记本", "任天堂 游戏机"];
const MODELS = ["iPhone", "MacBook", "Switch", "PS5", "Kindle", "ThinkPad", "AirPods", "Galaxy"];
const CONDITION_ITEMS = ["九成新 乐高", "全新未拆 耳机", "二手 自行车", "几乎没用过 相机", "包邮 手机壳", "急出 书桌"];
const RARE_WORDS = ["黑胶唱片", "徕卡", "哈苏镜头", "天文望远镜", "紫砂壶", "古筝", "邮票册", "GameBoy", "拍立得"];
const ONE_CHARACTER = ["机", "包", "书", "表", "鞋", "车", "琴", "灯"];
const SORTS: GoodsSort[] = ["latest", "price_asc", "price_desc", "popular"];
/** Price bands people pick, in fen: under ¥100, ¥100-500, ¥500-2000, over ¥2000. */
const PRICE_BANDS: [number | undefined, number | undefined][] = [
  [undefined, 10_000],
  [10_000, 50_000],
  [50_000, 200_000],
  [200_000, undefined],
];

type Random = () => number;

function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** Most on the first page, fewer on each further one, up to `last`. */
function pageOf(random: Random, last: number): number {
  const roll = random();
  if (roll < 0.55) return 1;
  if (roll < 0.8) return 2 + Math.floor(random() * Math.min(4, last - 1));
  return 1 + Math.floor(random() ** 2 * last);
}

function narrowing(random: Random, query: URLSearchParams): void {
  if (random() >= 0.4) return;
  const filters = random() < 0.25 ? 2 : 1;
  const kinds = ["price", "condition", "city"].sort(() => random() - 0.5).slice(0, filters);
  for (const kind of kinds) {
    if (kind === "price") {
      const [min, max] = pick(random, PRICE_BANDS);
      if (min !== undefined) query.set("minPrice", String(min));
      if (max !== undefined) query.set("maxPrice", String(max));
    } else if (kind === "condition") {
      query.set("condition", pick(random, Object.keys(CONDITIONS)));
    } else {
      query.set("city", pick(random, CITIES));
    }
  }
}

function listUrl(random: Random): string {
  const query = new URLSearchParams();
  if (random() < 0.8) query.set("category", pick(random, Object.keys(CATEGORIES)));
  const sort = random() < 0.4 ? "latest" : pick(random, SORTS);
  if (sort !== "latest") query.set("sort", sort);
  narrowing(random, query);
  const page = pageOf(random, 200);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return `/api/goods/getlist${text ? `?${text}` : ""}`;
}

function keyword(random: Random): string {
  const kinds: (() => string)[] = [
    () => pick(random, WORDS),
    () => pick(random, BRAND_ITEMS),
    () => pick(random, MODELS),
    () => pick(random, CONDITION_ITEMS),
    () => pick(random, RARE_WORDS),
    () => pick(random, ONE_CHARACTER),
    () => `${pick(random, CITIES)} ${pick(random, WORDS)}`,
  ];
  return pick(random, kinds)();
}

function searchUrl(random: Random): string {
  const query = new URLSearchParams({ keyword: keyword(random) });
  if (random() < 1 / 3) query.set("sort", pick(random, ["latest", "price_asc", "price_desc"]));
  if (random() < 0.2) query.set("category", pick(random, Object.keys(CATEGORIES)));
  const page = pageOf(random, 10);
  if (page > 1) query.set("page", String(page));
  return `/api/goods/search/list?${query.toString()}`;
}

function detailUrl(random: Random, goodsCount: number): string {
  return `/api/goods/info/${1 + Math.floor(random() * goodsCount)}`;
}

/** An endless, deterministic stream of one kind's URLs over a catalogue of `goodsCount` goods (ids 1…n). */
export function trafficUrls(kind: TrafficKind, goodsCount: number, seed = 2026): () => string {
  const random = seededRandom(seed);
  const of = (chosen: Exclude<TrafficKind, "mix">) =>
    chosen === "lists" ? listUrl(random) : chosen === "searches" ? searchUrl(random) : detailUrl(random, goodsCount);
  if (kind !== "mix") return () => of(kind);
  return () => {
    const roll = random();
    return of(
      roll < TRAFFIC_MIX.lists ? "lists" : roll < TRAFFIC_MIX.lists + TRAFFIC_MIX.details ? "details" : "searches",
    );
  };
}
