import type { Goods, GoodsListQuery, GoodsSearchQuery } from "@xianzhi/contract";
import type { CursorPage, Page } from "@xianzhi/contract/constants";
import { paths, titles } from "../../app/paths";
import { goodsApi } from "./goods-api";
import { homeFeedQuery, searchQuery } from "./screen-queries";

/** How the server answers the goods screens' first questions: the same services as its API. */
export interface FirstScreenSource {
  /** The list, from the query string the app would send (values as strings). */
  goodsList(query: Record<string, string>): Promise<CursorPage<Goods>>;
  searchGoods(query: Record<string, string>): Promise<Page<Goods>>;
  goodsInfo(id: string): Promise<Goods>;
}

/** The cache entries a first screen fills, of the endpoints goods screens start with. */
type Entries = (
  | { endpointName: "goodsList"; arg: Partial<GoodsListQuery>; value: CursorPage<Goods> }
  | { endpointName: "searchGoods"; arg: Partial<GoodsSearchQuery>; value: Page<Goods> }
  | { endpointName: "goodsInfo"; arg: string; value: Goods }
  | { endpointName: "goodsFeed"; arg: Partial<GoodsListQuery>; value: ScrolledFeed }
)[];

/** An infinite query's data: the pages loaded and the cursor each was asked with. */
interface ScrolledFeed {
  pages: CursorPage<Goods>[];
  pageParams: string[];
}

/** A goods screen's first answer as RTK Query's cache entries, and what the document needs of it. */
export interface FirstScreen {
  /** The router's id of the screen's route (it has its data: no loader runs when the app takes over). */
  routeId: string;
  entries: Entries;
  title: string;
  /** The picture that will be the page's largest paint, to be fetched first. */
  lcpImage: string | null;
}

/** The query string fetchBaseQuery makes of an argument: undefined left out, the rest as strings. */
function asQueryString(arg: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(arg)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}

function firstCover(page: Page<Goods>): string | null {
  return page.list.find((goods) => goods.coverUrl)?.coverUrl ?? null;
}

const GOODS_INFO = /^\/goodsinfo\/([^/]+)\/?$/;

/**
 * Whether rendering the address counts a visit (a goods page counts a view): its document is then
 * made for each visit. The other goods screens' documents are the same for everyone for a moment.
 */
export function countsVisit(url: URL): boolean {
  return GOODS_INFO.test(url.pathname);
}

/**
 * The first screen of a goods address (home, goods page, search), asked with the very arguments the
 * screen asks with; null for any other address. A source's error (bad query, unknown goods) is thrown.
 */
export async function loadFirstScreen(url: URL, source: FirstScreenSource): Promise<FirstScreen | null> {
  const { pathname, searchParams } = url;
  if (pathname === paths.home || pathname === paths.homeAlias) {
    const arg = homeFeedQuery(searchParams);
    const page = await source.goodsList(asQueryString(arg));
    return {
      routeId: pathname === paths.home ? "home" : "home-alias",
      entries: [{ endpointName: "goodsList", arg, value: page }],
      title: titles.home,
      lcpImage: firstCover(page),
    };
  }
  if (pathname === paths.searchResult()) {
    const arg = searchQuery(searchParams);
    if (!arg.keyword) return null;
    const page = await source.searchGoods(asQueryString(arg));
    return {
      routeId: "search",
      entries: [{ endpointName: "searchGoods", arg, value: page }],
      title: titles.searchResult,
      lcpImage: firstCover(page),
    };
  }
  const id = GOODS_INFO.exec(pathname)?.[1];
  if (id !== undefined) {
    const goods = await source.goodsInfo(decodeURIComponent(id));
    return {
      routeId: "goods-info",
      entries: [{ endpointName: "goodsInfo", arg: decodeURIComponent(id), value: goods }],
      title: titles.goodsInfo,
      lcpImage: goods.pictures[0]?.url ?? null,
    };
  }
  return null;
}

/** The id of the element carrying the first screen's answers in the document. */
export const FIRST_SCREEN_ELEMENT_ID = "first-screen";

/**
 * The first page of the home's list is also the first page of the feed a phone scrolls (the same
 * question): the phone starts from it too, rather than asking again. Not put in the document twice.
 */
function withScrolledFeed(entries: Entries): Entries {
  return entries.flatMap((entry) =>
    entry.endpointName === "goodsList" && entry.arg.page === 1
      ? [entry, { endpointName: "goodsFeed", arg: entry.arg, value: { pages: [entry.value], pageParams: [""] } }]
      : [entry],
  );
}

/** The first screen the server put into the document, if it did. */
export function readFirstScreen(): Pick<FirstScreen, "routeId" | "entries"> | null {
  const text = document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const firstScreen: Pick<FirstScreen, "routeId" | "entries"> = JSON.parse(text);
    return { ...firstScreen, entries: withScrolledFeed(firstScreen.entries) };
  } catch {
    return null;
  }
}

type UpsertedEntries = Parameters<typeof goodsApi.util.upsertQueryEntries>[0];

/**
 * Puts a first screen's answers into the cache. The cast: RTK Query's types take no list mixing
 * endpoints once one of them is an infinite query (each entry's argument comes out as never).
 */
export const upsertFirstScreen = (entries: Entries) =>
  goodsApi.util.upsertQueryEntries(entries as unknown as UpsertedEntries);
