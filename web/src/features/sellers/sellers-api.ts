import type { Goods, PageQuery, Review, SellerGoodsQuery, SellerProfile } from "@xianzhi/contract";
import type { Page } from "@xianzhi/contract/constants";
import { api } from "../../app/api";

export const sellersApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Its counts and city follow the goods: whatever changes a goods list refreshes it too.
    sellerProfile: build.query<SellerProfile, string>({
      query: (id) => `/user/${id}/profile`,
      providesTags: (_result, _error, id) => [{ type: "Seller", id }, "GoodsList"],
    }),
    sellerGoods: build.query<Page<Goods>, { id: string } & SellerGoodsQuery>({
      query: ({ id, ...params }) => ({ url: `/user/${id}/goods`, params }),
      providesTags: ["GoodsList"],
    }),
    /** The reviews others wrote about them (as seller and as buyer) that are visible, newest first. */
    sellerReviews: build.query<Page<Review>, { id: string } & PageQuery>({
      query: ({ id, ...params }) => ({ url: `/user/${id}/reviews`, params }),
      providesTags: (_result, _error, { id }) => [{ type: "Reviews", id }],
    }),
  }),
});

export const { useSellerProfileQuery, useSellerGoodsQuery, useSellerReviewsQuery } = sellersApi;
