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
import type { GoodsStatus, Page } from "@xianzhi/contract/constants";
import { api } from "../../app/api";

type Query<T> = Partial<T>;

export const goodsApi = api.injectEndpoints({
  endpoints: (build) => ({
    goodsList: build.query<Page<Goods>, Query<GoodsListQuery>>({
      query: (params) => ({ url: "/goods/getlist", params }),
      providesTags: ["GoodsList"],
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
  useSearchGoodsQuery,
  useFollowingGoodsQuery,
  useMyGoodsQuery,
  useSuggestSearchQuery,
  useGoodsInfoQuery,
  useCreateGoodsMutation,
  useUpdateGoodsMutation,
  useSetGoodsStatusMutation,
  useDeleteGoodsMutation,
  useUploadMutation,
} = goodsApi;
