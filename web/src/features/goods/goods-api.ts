import type {
  CreateGoodsBody,
  Goods,
  GoodsListQuery,
  GoodsSearchQuery,
  MyGoodsQuery,
  PageQuery,
  Suggestion,
  UpdateGoodsBody,
  UploadedFile,
} from "@xianzhi/contract";
import type { CursorPage, GoodsStatus, Page } from "@xianzhi/contract/constants";
import { api } from "../../app/api";

type Query<T> = Partial<T>;

/**
 * A feed scrolled on a phone keeps its pages this long unseen (a visit to a goods page and back
 * finds them all, and the place in them), rather than the minute of other answers.
 */
const SCROLLED_FEED_KEPT_SECONDS = 15 * 60;

/** A scrolled feed's page parameter: the cursor to read on from, "" for the first page. */
type FeedCursor = string;

/**
 * The first page is asked as page 1, the very question the paged list asks (one answer for both,
 * in the server's shared answers too); the pages after it by cursor.
 */
const feedPageParams = <Q extends { page?: number }>(query: Q, cursor: FeedCursor) =>
  cursor ? { ...query, page: undefined, cursor } : { ...query, page: 1 };

const nextFeedCursor = (lastPage: CursorPage<Goods>) => lastPage.nextCursor ?? undefined;

export const goodsApi = api.injectEndpoints({
  endpoints: (build) => ({
    goodsList: build.query<Page<Goods>, Query<GoodsListQuery>>({
      query: (params) => ({ url: "/goods/getlist", params }),
      providesTags: ["GoodsList"],
    }),
    /** The home feed on a phone: page after page as the user scrolls, all in one cache entry per filters and sort. */
    goodsFeed: build.infiniteQuery<CursorPage<Goods>, Query<GoodsListQuery>, FeedCursor>({
      infiniteQueryOptions: { initialPageParam: "", getNextPageParam: nextFeedCursor },
      query: ({ queryArg, pageParam }) => ({ url: "/goods/getlist", params: feedPageParams(queryArg, pageParam) }),
      providesTags: ["GoodsList"],
      keepUnusedDataFor: SCROLLED_FEED_KEPT_SECONDS,
    }),
    searchGoods: build.query<Page<Goods>, Query<GoodsSearchQuery>>({
      query: (params) => ({ url: "/goods/search/list", params }),
      providesTags: ["GoodsList"],
    }),
    /** The home's 关注 tab: goods of the sellers the caller follows, newest first. */
    followingGoods: build.query<Page<Goods>, PageQuery>({
      query: (params) => ({ url: "/goods/following", params }),
      providesTags: ["GoodsList", "Follows"],
    }),
    /** The 关注 tab on a phone, scrolled as the home feed is (the argument is the page size). */
    followingFeed: build.infiniteQuery<CursorPage<Goods>, number, FeedCursor>({
      infiniteQueryOptions: { initialPageParam: "", getNextPageParam: nextFeedCursor },
      query: ({ queryArg, pageParam }) => ({
        url: "/goods/following",
        params: feedPageParams({ page: 1, pageSize: queryArg }, pageParam),
      }),
      providesTags: ["GoodsList", "Follows"],
      keepUnusedDataFor: SCROLLED_FEED_KEPT_SECONDS,
    }),
    /** Completions while the user types a search: categories, then keywords from titles. */
    suggestSearch: build.query<Suggestion[], string>({
      query: (q) => ({ url: "/goods/suggest", params: { q } }),
      providesTags: ["GoodsList"],
    }),
    myGoods: build.query<Page<Goods>, Query<MyGoodsQuery>>({
      query: (params) => ({ url: "/goods/getmylist", params }),
      providesTags: ["MyGoods"],
    }),
    goodsInfo: build.query<Goods, string>({
      query: (id) => `/goods/info/${id}`,
      providesTags: (_result, _error, id) => [{ type: "Goods", id }],
    }),
    createGoods: build.mutation<Goods, CreateGoodsBody>({
      query: (body) => ({ url: "/goods/", method: "POST", body }),
      invalidatesTags: ["GoodsList", "MyGoods"],
    }),
    updateGoods: build.mutation<Goods, { id: string; body: UpdateGoodsBody }>({
      query: ({ id, body }) => ({ url: `/goods/${id}`, method: "PUT", body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: "Goods", id }, "GoodsList", "MyGoods"],
    }),
    setGoodsStatus: build.mutation<Goods, { id: string; status: GoodsStatus }>({
      query: ({ id, status }) => ({ url: `/goods/${id}/status`, method: "PUT", body: { status } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: "Goods", id }, "GoodsList", "MyGoods"],
    }),
    deleteGoods: build.mutation<null, string>({
      query: (id) => ({ url: `/goods/${id}`, method: "DELETE" }),
      invalidatesTags: ["GoodsList", "MyGoods", "Favorites"],
    }),
    upload: build.mutation<UploadedFile, File>({
      query: (file) => {
        const body = new FormData();
        body.append("file", file);
        return { url: "/com/upload", method: "POST", body };
      },
    }),
  }),
});

export const {
  useGoodsListQuery,
  useGoodsFeedInfiniteQuery,
  useSearchGoodsQuery,
  useFollowingGoodsQuery,
  useFollowingFeedInfiniteQuery,
  useMyGoodsQuery,
  useSuggestSearchQuery,
  useGoodsInfoQuery,
  useCreateGoodsMutation,
  useUpdateGoodsMutation,
  useSetGoodsStatusMutation,
  useDeleteGoodsMutation,
  useUploadMutation,
} = goodsApi;
