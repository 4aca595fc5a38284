import type { FailedSettlementList, SettlementRetry } from "@xianzhi/contract";
import { api } from "../../app/api";
import { proofMethodOf } from "../accounts";

/**
 * 打款失败: refunds and releases the payment provider refused after every automatic retry, and a
 * moderator's retry. Whatever a retry answers (moved, refused again, already moved by another
 * moderator), the list is read again: the server says which are still failed.
 */
export const settlementsApi = api.enhanceEndpoints({ addTagTypes: ["FailedSettlements", "Order"] }).injectEndpoints({
  endpoints: (build) => ({
    failedSettlements: build.query<FailedSettlementList, void>({
      query: () => "/admin/settlements",
      providesTags: ["FailedSettlements"],
    }),
    retrySettlement: build.mutation<SettlementRetry, string>({
      query: (orderId) => ({ url: `/admin/settlements/${orderId}/retry`, method: "POST" }),
      // The retry is written to the moderators' log (记录), and may move the order on.
      invalidatesTags: (_result, error, orderId) =>
        proofMethodOf(error) ? [] : ["FailedSettlements", "Moderation", { type: "Order", id: orderId }],
    }),
  }),
});

export const { useFailedSettlementsQuery, useRetrySettlementMutation } = settlementsApi;
