import { configureStore } from "@reduxjs/toolkit";
import type { FavoriteIds, Goods } from "@xianzhi/contract";
import type { Page } from "@xianzhi/contract/constants";
import { describe, expect, it, vi } from "vitest";
import { api } from "../../app/api";
import { envelope, fakeNetwork } from "../../components/test-support/fake-network";
import { goodsApi } from "../goods";
import { favoritesApi } from "./favorites-api";

/**
 * The heart's optimistic update against a real store and the real API layer; only the network is
 * fake: each call waits until the test answers it, so the state in between can be looked at.
 */

const { pending, answerNext } = fakeNetwork();

function goods(id: string, favCount: number): Goods {
  return { id, title: `闲置 ${id}`, favCount } as Goods;
}

/**
 * A store showing a feed page of goods 1 and 2 (goods 1 wanted by 3 people), by default with no
 * favourite yet.
 */
async function storeWithFeed(hearts: FavoriteIds = { goodsIds: [], priceDropCents: {} }) {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (defaults) => defaults().concat(api.middleware),
  });
  const feed = store.dispatch(goodsApi.endpoints.goodsList.initiate({ page: 1 }));
  await answerNext(
    "/api/goods/getlist",
    envelope({ list: [goods("1", 3), goods("2", 0)], total: 2, page: 1, pageSize: 20 } satisfies Page<Goods>),
  );
  await feed;
  const heartsLoaded = store.dispatch(favoritesApi.endpoints.favoriteIds.initiate(["1", "2"]));
  await answerNext("/api/fav/ids", envelope(hearts));
  await heartsLoaded;

  const read = () => ({
    favourites: favoritesApi.endpoints.favoriteIds.select(["1", "2"])(store.getState()).data?.goodsIds,
    wanted: goodsApi.endpoints.goodsList.select({ page: 1 })(store.getState()).data?.list[0]?.favCount,
  });
  return { store, read };
}

describe("the favourite heart", () => {
  it("fills at once and counts one more, before the server answers; stays so when it agrees", async () => {
    const { store, read } = await storeWithFeed();
    const adding = store.dispatch(favoritesApi.endpoints.addFavorite.initiate("1"));
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    expect(read()).toEqual({ favourites: ["1"], wanted: 4 });

    const request = await answerNext("/api/fav/", envelope({ exists: true, favCount: 4 }));
    expect(request?.method).toBe("POST");
    expect(await request?.json()).toEqual({ goodsId: "1" });
    await adding;
    expect(read()).toEqual({ favourites: ["1"], wanted: 4 });
  });

  it("is put back, with the server's reason, when the server refuses", async () => {
    const { store, read } = await storeWithFeed();
    const adding = store.dispatch(favoritesApi.endpoints.addFavorite.initiate("1"));
    await vi.waitFor(() => expect(read()).toEqual({ favourites: ["1"], wanted: 4 }));

    await answerNext("/api/fav/", { code: 1301, msg: "不能收藏自己发布的闲置", data: null });
    const result = await adding;
    expect(result.error).toMatchObject({ kind: "business", msg: "不能收藏自己发布的闲置" });
    expect(read()).toEqual({ favourites: [], wanted: 3 });
  });

  it("is put back when the server fails while taking a favourite away", async () => {
    const { store, read } = await storeWithFeed();
    const adding = store.dispatch(favoritesApi.endpoints.addFavorite.initiate("1"));
    await answerNext("/api/fav/", envelope({ exists: true, favCount: 4 }));
    await adding;

    const removing = store.dispatch(favoritesApi.endpoints.removeFavorite.initiate("1"));
    await vi.waitFor(() => expect(read()).toEqual({ favourites: [], wanted: 3 }));
    await answerNext("/api/fav/1", { code: 500, msg: "服务器内部错误", data: null }, 500);
    expect((await removing).error).toBeDefined();
    expect(read()).toEqual({ favourites: ["1"], wanted: 4 });
  });

  it("takes the card's 降价 away at once with the favourite: kept again, it counts from today's price", async () => {
    const { store } = await storeWithFeed({ goodsIds: ["1"], priceDropCents: { "1": 500 } });
    const drops = () => favoritesApi.endpoints.favoriteIds.select(["1", "2"])(store.getState()).data?.priceDropCents;
    expect(drops()).toEqual({ "1": 500 });
    const removing = store.dispatch(favoritesApi.endpoints.removeFavorite.initiate("1"));
    await vi.waitFor(() => expect(drops()).toEqual({}));
    await answerNext("/api/fav/1", envelope({ exists: false, favCount: 2 }));
    await removing;
    expect(drops()).toEqual({});
  });
});

describe("the goods page's 收藏 button", () => {
  /**
   * A tap on 收藏 while the page still asks whether the goods are a favourite: both calls are on
   * their way, with nothing yet for the heart to fill at once.
   */
  async function tappedWhileChecking() {
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer },
      middleware: (defaults) => defaults().concat(api.middleware),
    });
    const checking = store.dispatch(favoritesApi.endpoints.favoriteExists.initiate("1"));
    const adding = store.dispatch(favoritesApi.endpoints.addFavorite.initiate("1"));
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    const exists = () => favoritesApi.endpoints.favoriteExists.select("1")(store.getState()).data?.exists;
    return { checking, adding, exists };
  }

  it("shows the favourite even when the check of it, asked before, is answered after", async () => {
    const { checking, adding, exists } = await tappedWhileChecking();
    await answerNext("/api/fav/", envelope({ exists: true, favCount: 1 }));
    await adding;
    // The check left before the favourite was saved: its answer is out of date when it lands.
    await answerNext("/api/fav/exists/1", envelope({ exists: false, priceDropCents: 0 }));
    await checking;
    await vi.waitFor(() => expect(exists()).toBe(true));
  });

  it("shows the favourite when the check, asked before, is answered first and the favourite after", async () => {
    const { checking, adding, exists } = await tappedWhileChecking();
    await answerNext("/api/fav/exists/1", envelope({ exists: false, priceDropCents: 0 }));
    await checking;
    await answerNext("/api/fav/", envelope({ exists: true, favCount: 1 }));
    await adding;
    await vi.waitFor(() => expect(exists()).toBe(true));
  });
});

describe("the heart on a feed scrolled on a phone", () => {
  it("counts on the card in whichever loaded page holds it; the next page is asked by cursor", async () => {
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer },
      middleware: (defaults) => defaults().concat(api.middleware),
    });
    const arg = { page: 1, pageSize: 2, sort: "latest" as const };
    const page = (ids: string[], nextCursor: string | null) =>
      envelope({ list: ids.map((id) => goods(id, 3)), total: 3, page: 1, pageSize: 2, nextCursor });
    const feed = store.dispatch(goodsApi.endpoints.goodsFeed.initiate(arg));
    const first = await answerNext("/api/goods/getlist", page(["3", "2"], "after-2"));
    expect(new URL(first?.url ?? "").search).toBe("?page=1&pageSize=2&sort=latest");
    await feed;
    const more = store.dispatch(goodsApi.endpoints.goodsFeed.initiate(arg, { direction: "forward" }));
    const second = await answerNext("/api/goods/getlist", page(["1"], null));
    expect(new URL(second?.url ?? "").search).toBe("?pageSize=2&sort=latest&cursor=after-2");
    await more;
    const wanted = () =>
      goodsApi.endpoints.goodsFeed
        .select(arg)(store.getState())
        .data?.pages.map((loaded) => loaded.list.map((item) => item.favCount));
    expect(wanted()).toEqual([[3, 3], [3]]);

    const adding = store.dispatch(favoritesApi.endpoints.addFavorite.initiate("1"));
    await vi.waitFor(() => expect(wanted()).toEqual([[3, 3], [4]]));
    await answerNext("/api/fav/", envelope({ exists: true, favCount: 4 }));
    await adding;
    expect(wanted()).toEqual([[3, 3], [4]]);
  });
});
