import type { DisputeDetail, DisputeQueue, DisputeRulingBody, Refund } from "@xianzhi/contract";
import { api } from "../../app/api";
import { proofMethodOf } from "../accounts";

/**
 * 纠纷: refund requests the platform rules on (平台介入), oldest first, and the ruling. A ruling
 * takes the dispute off the queue and moves its refund and order on (cached under the order's tag).
 */
export const disputesApi = api.enhanceEndpoints({ addTagTypes: ["Disputes", "Refund", "Order"] }).injectEndpoints({
  endpoints: (build) => ({
    disputes: build.query<DisputeQueue, void>({
      query: () => "/admin/disputes",
      providesTags: ["Disputes"],
    }),
    dispute: build.query<DisputeDetail, string>({
      query: (refundId) => `/admin/disputes/${refundId}`,
      providesTags: (_detail, _error, refundId) => [{ type: "Disputes", id: refundId }],
    }),
    ruleDispute: build.mutation<Refund, { refundId: string; body: DisputeRulingBody }>({
      query: ({ refundId, body }) => ({ url: `/admin/disputes/${refundId}/ruling`, method: "POST", body }),
      // A ruling refused (another moderator ruled first) shows the dispute as it is now; one that
      // waits for 身份验证 changed nothing, and the form that sends it again stays as it is.
      invalidatesTags: (refund, error, { refundId }) =>
        proofMethodOf(error)
          ? []
          : [
              "Disputes",
              { type: "Refund", id: refundId },
              ...(refund ? [{ type: "Order" as const, id: refund.orderId }] : []),
            ],
    }),
  }),
});

export const { useDisputesQuery, useDisputeQuery, useRuleDisputeMutation } = disputesApi;
