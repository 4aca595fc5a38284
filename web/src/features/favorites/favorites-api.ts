import type { FavoriteExists, FavoriteGoods, FavoriteIds, FavoriteState, PageQuery } from "@xianzhi/contract";
import type { Page } from "@xianzhi/contract/constants";
import { api } from "../../app/api";
import { goodsApi } from "../goods";

interface Patch {
  undo(): void;
}

interface MutationLifecycle {
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: FavoriteState }>;
}

/** The feeds whose cards show the goods (paged, or scrolled on a phone): their "N 人想要" moves with the heart. */
function patchFeedCounts(state: unknown, goodsId: string, delta: number) {
  const countOn = (list: { id: string; favCount: number }[]) => {
    const card = list.find((goods) => goods.id === goodsId);
    if (card) card.favCount = Math.max(0, card.favCount + delta);
  };
  return goodsApi.util
    .selectInvalidatedBy(state as Parameters<typeof goodsApi.util.selectInvalidatedBy>[0], ["GoodsList"])
    .flatMap(({ endpointName, originalArgs }) => {
      if (endpointName === "goodsList" || endpointName === "searchGoods") {
        return [goodsApi.util.updateQueryData(endpointName as "goodsList", originalArgs, (page) => countOn(page.list))];
      }
      if (endpointName === "goodsFeed" || endpointName === "followingFeed") {
        return [
          goodsApi.util.updateQueryData(endpointName as "goodsFeed", originalArgs, (feed) => {
            for (const page of feed.pages) countOn(page.list);
          }),
        ];
      }
      return [];
    });
}

/**
 * Every heart and count showing the goods changes at once (the goods page's button, each feed's
 * hearts and counts, the goods page's count); a failed call puts each back. A favourite added or
 * taken away shows no price drop: a new one counts from today's price.
 */
function optimistic(exists: boolean) {
  return async (goodsId: string, { dispatch, getState, queryFulfilled }: MutationLifecycle) => {
    const state = getState();
    const delta = exists ? 1 : -1;
    // Entries rather than selectCachedArgsForQuery, which flattens array arguments into one list.
    const feedHearts = favoritesApi.util
      .selectEntriesForEndpoint(
        state as Parameters<typeof favoritesApi.util.selectEntriesForEndpoint>[0],
        "favoriteIds",
      )
      .map((entry) => entry.originalArgs as string[])
      .filter((ids) => ids.includes(goodsId))
      .map((ids) =>
        favoritesApi.util.updateQueryData("favoriteIds", ids, (draft) => {
          const others = draft.goodsIds.filter((id) => id !== goodsId);
          draft.goodsIds = exists ? [...others, goodsId] : others;
          delete draft.priceDropCents[goodsId];
        }),
      );
    const patches = [
      favoritesApi.util.updateQueryData("favoriteExists", goodsId, (draft) => {
        draft.exists = exists;
        draft.priceDropCents = 0;
      }),
      goodsApi.util.updateQueryData("goodsInfo", goodsId, (draft) => {
        draft.favCount = Math.max(0, draft.favCount + delta);
      }),
      ...feedHearts,
      ...patchFeedCounts(state, goodsId, delta),
    ].map((update) => dispatch(update) as Patch);
    try {
      const { data } = await queryFulfilled;
      // A check of the button's state asked before the change is out of date whenever it lands:
      // after the change's answer it would show 收藏 on a favourite, and before it (the heart was
      // tapped while the check was on its way, so there was nothing to fill at once) it showed
      // 收藏 too. The change's own answer is the state, set after any check still running.
      const running = dispatch(favoritesApi.util.getRunningQueryThunk("favoriteExists", goodsId)) as
        | Promise<unknown>
        | undefined;
      if (running) await running;
      dispatch(
        favoritesApi.util.upsertQueryData("favoriteExists", goodsId, { exists: data.exists, priceDropCents: 0 }),
      );
    } catch {
      for (const patch of patches) patch.undo();
    }
  };
}

export const favoritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    favorites: build.query<Page<FavoriteGoods>, Partial<PageQuery>>({
      query: (params) => ({ url: "/fav/", params }),
      providesTags: ["Favorites"],
    }),
    favoriteExists: build.query<FavoriteExists, string>({
      query: (goodsId) => `/fav/exists/${goodsId}`,
    }),
    /** Which of a feed page's goods are favourites, and their price drops: one call for the page's hearts. */
    favoriteIds: build.query<FavoriteIds, string[]>({
      query: (goodsIds) => ({ url: "/fav/ids", params: { goodsIds: goodsIds.join(",") } }),
    }),
    addFavorite: build.mutation<FavoriteState, string>({
      query: (goodsId) => ({ url: "/fav/", method: "POST", body: { goodsId } }),
      onQueryStarted: optimistic(true),
      invalidatesTags: ["Favorites"],
    }),
    removeFavorite: build.mutation<FavoriteState, string>({
      query: (goodsId) => ({ url: `/fav/${goodsId}`, method: "DELETE" }),
      onQueryStarted: optimistic(false),
      invalidatesTags: ["Favorites"],
    }),
  }),
});

export const {
  useFavoritesQuery,
  useFavoriteExistsQuery,
  useFavoriteIdsQuery,
  useAddFavoriteMutation,
  useRemoveFavoriteMutation,
} = favoritesApi;
