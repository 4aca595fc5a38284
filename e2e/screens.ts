import type { Page } from "playwright-core";
import { signInAs, waitUntilSettled } from "./browser.js";

/** What a screen's address needs: a goods of the demo data, its seller's username and id. */
export interface DemoIds {
  goodsId: string;
  goodsOwner: string;
  goodsOwnerId: string;
  /** Goods bob keeps that got cheaper since (the demo's price cut): his goods page shows 降价 ¥X. */
  cheaperFavoriteId: string;
}

/** One state of one screen, for the accessibility test and the screenshots. */
export interface ScreenState {
  /** A file-name friendly name. */
  name: string;
  /** A demo user (password xianzhi123) to sign in as first, or nobody. */
  user?: (ids: DemoIds) => string;
  path: (ids: DemoIds) => string;
  /** Steps after the page has settled that bring it into this state. */
  reach?: (page: Page) => Promise<void>;
}

async function openUserinfoTab(page: Page, tab: string): Promise<void> {
  await page.getByRole("tab", { name: tab }).click();
  await waitUntilSettled(page);
}

/** Every screen in every state worth looking at. */
export const SCREEN_STATES: ScreenState[] = [
  { name: "home", path: () => "/" },
  { name: "home-signed-in", user: () => "bob", path: () => "/" },
  {
    name: "home-filtered",
    path: () => `/?condition=new,like_new&city=${encodeURIComponent("上海")}&maxPrice=5000`,
  },
  { name: "search", path: () => `/search_result?keyword=${encodeURIComponent("手机")}` },
  { name: "search-empty", path: () => `/search_result?keyword=${encodeURIComponent("没有这种东西")}` },
  { name: "goods-info", path: (ids) => `/goodsinfo/${ids.goodsId}` },
  {
    name: "goods-info-buyer",
    user: (ids) => (ids.goodsOwner === "bob" ? "alice" : "bob"),
    path: (ids) => `/goodsinfo/${ids.goodsId}`,
  },
  { name: "goods-info-owner", user: (ids) => ids.goodsOwner, path: (ids) => `/goodsinfo/${ids.goodsId}` },
  { name: "user", path: (ids) => `/user/${ids.goodsOwnerId}` },
  { name: "user-sold", path: (ids) => `/user/${ids.goodsOwnerId}?tab=sold` },
  { name: "goods-info-price-drop", user: () => "bob", path: (ids) => `/goodsinfo/${ids.cheaperFavoriteId}` },
  { name: "login", path: () => "/login" },
  { name: "register", path: () => "/reg" },
  { name: "post", user: () => "bob", path: () => "/post" },
  { name: "userinfo-goods", user: () => "bob", path: () => "/userinfo" },
  {
    name: "userinfo-favorites",
    user: () => "bob",
    path: () => "/userinfo",
    reach: (page) => openUserinfoTab(page, "我的收藏"),
  },
  {
    name: "userinfo-profile",
    user: () => "bob",
    path: () => "/userinfo",
    reach: (page) => openUserinfoTab(page, "个人资料"),
  },
  {
    name: "userinfo-security",
    user: () => "bob",
    path: () => "/userinfo",
    reach: (page) => openUserinfoTab(page, "账号安全"),
  },
  { name: "chat", user: () => "bob", path: () => "/chat" },
  {
    name: "chat-conversation",
    user: () => "bob",
    path: () => "/chat",
    reach: async (page) => {
      await page.locator(".chat-list__item").first().click();
      await page.getByLabel("输入消息").waitFor();
      await waitUntilSettled(page);
    },
  },
];

/** The demo goods the screens show, and its seller. */
export async function demoIds(baseUrl: string): Promise<DemoIds> {
  const list = await (await fetch(`${baseUrl}/api/goods/getlist?pageSize=1`)).json();
  const goodsId = String(list.data.list[0].id);
  const detail = await (await fetch(`${baseUrl}/api/goods/info/${goodsId}`)).json();
  return {
    goodsId,
    goodsOwner: detail.data.seller.username,
    goodsOwnerId: detail.data.seller.id,
    cheaperFavoriteId: await cheaperFavoriteOfBob(baseUrl),
  };
}

async function cheaperFavoriteOfBob(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/user/login/username`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "bob", password: "xianzhi123" }),
  });
  const { token } = (await login.json()).data;
  const favorites = await fetch(`${baseUrl}/api/fav?pageSize=100`, { headers: { authorization: `Bearer ${token}` } });
  const list: { id: string; priceDropCents: number }[] = (await favorites.json()).data.list;
  const cheaper = list.find((goods) => goods.priceDropCents > 0);
  if (!cheaper) throw new Error("the demo data has no favourite of bob's that got cheaper");
  return cheaper.id;
}

/** Signs in as the state's user (if any), opens the screen and brings it into its state. */
export async function openScreenState(page: Page, baseUrl: string, state: ScreenState, ids: DemoIds): Promise<void> {
  const user = state.user?.(ids);
  if (user) await signInAs(page, baseUrl, user, "xianzhi123");
  await page.goto(`${baseUrl}${state.path(ids)}`);
  await waitUntilSettled(page);
  await state.reach?.(page);
}
