import type { EarningsPage } from "@xianzhi/contract";
import { api } from "../../app/api";

/** 我的收入 lists this many orders a page. */
export const EARNINGS_PAGE_SIZE = 20;

/**
 * What the earnings follow: every order change (an action, the socket's `order` frame: both
 * invalidate "Orders", orders-api.ts), and the payout account (tagged "Me" with the rest of the
 * caller's own data), whose absence is why a release may wait.
 */
const EARNINGS_TAGS = ["Orders", "Me"] as const;

/** 我的收入: the seller's paid orders with what became of their money, and the totals over all of them. */
export const earningsApi = api.enhanceEndpoints({ addTagTypes: ["Orders"] }).injectEndpoints({
  endpoints: (build) => ({
    earnings: build.query<EarningsPage, { page: number; pageSize: number }>({
      query: (params) => ({ url: "/user/earnings", params }),
      providesTags: [...EARNINGS_TAGS],
    }),
  }),
});

export const { useEarningsQuery } = earningsApi;
