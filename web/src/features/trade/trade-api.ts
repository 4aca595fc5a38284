import type { CreateReviewBody, DealSummary, DealsQuery, Review } from "@xianzhi/contract";
import type { Page } from "@xianzhi/contract/constants";
import { api } from "../../app/api";

/** The deal lists of the personal centre hold this many; the chat's 去评价 looks in the first page. */
export const DEALS_PAGE_SIZE = 10;

export const tradeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** 我买到的 / 我卖出的; the socket's deal frames refresh them (the Deals tag). */
    deals: build.query<Page<DealSummary>, DealsQuery>({
      query: (params) => ({ url: "/deals", params }),
      providesTags: ["Deals"],
    }),
    /** A review changes the deal lists and the reviewee's page (their rating and reviews). */
    createReview: build.mutation<Review, CreateReviewBody>({
      query: (body) => ({ url: "/reviews", method: "POST", body }),
      invalidatesTags: (review) =>
        review ? ["Deals", { type: "Reviews", id: review.revieweeId }, { type: "Seller", id: review.revieweeId }] : [],
    }),
  }),
});

export const { useDealsQuery, useCreateReviewMutation } = tradeApi;
