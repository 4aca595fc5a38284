import type { FavoriteExists, FavoriteState, Goods, Page, PageQuery } from "@xianzhi/contract";
import { api } from "../../app/api";
import { goodsApi } from "../goods";

/** The heart changes at once; a failed call puts it back. */
function optimistic(exists: boolean) {
  return async (
    goodsId: string,
    { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> },
  ) => {
    const heart = dispatch(
      favoritesApi.util.updateQueryData("favoriteExists", goodsId, (draft) => {
        draft.exists = exists;
      }),
    ) as { undo(): void };
    const count = dispatch(
      goodsApi.util.updateQueryData("goodsInfo", goodsId, (draft) => {
        draft.favCount = Math.max(0, draft.favCount + (exists ? 1 : -1));
      }),
    ) as { undo(): void };
    try {
      await queryFulfilled;
    } catch {
      heart.undo();
      count.undo();
    }
  };
}

export const favoritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    favorites: build.query<Page<Goods>, Partial<PageQuery>>({
      query: (params) => ({ url: "/fav/", params }),
      providesTags: ["Favorites"],
    }),
    favoriteExists: build.query<FavoriteExists, string>({
      query: (goodsId) => `/fav/exists/${goodsId}`,
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

export const { useFavoritesQuery, useFavoriteExistsQuery, useAddFavoriteMutation, useRemoveFavoriteMutation } =
  favoritesApi;
