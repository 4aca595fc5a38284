import type { AgreeRefundBody, Refund, RefundWordsBody, ReturnShippedBody } from "@xianzhi/contract";
import { api } from "../../app/api";
import { orderChangedTags } from "../orders";

/** What a side does to a refund request, each one of the transitions its `actions` list, or a statement. */
export type RefundActionArgs = { refundId: string; orderId: string } & (
  | { action: "agree"; body: AgreeRefundBody }
  | { action: "refuse" | "rejectReturn" | "statement"; body: RefundWordsBody }
  | { action: "shipReturn"; body: ReturnShippedBody }
  | { action: "accept" | "withdraw" | "escalate" | "receiveReturn" }
);
export type RefundAction = RefundActionArgs["action"];

/** Each action's address under /refunds/{id}/. */
export const REFUND_ACTION_PATHS: Record<RefundAction, string> = {
  agree: "agree",
  refuse: "refuse",
  accept: "accept",
  withdraw: "withdraw",
  escalate: "escalate",
  shipReturn: "return",
  receiveReturn: "receive",
  rejectReturn: "reject-return",
  statement: "statement",
};

/**
 * Refund requests after sale (售后). A request is part of its order: it is cached under its
 * order's tag too, so what refreshes the order (the socket's `order` frame, which every refund
 * step sends both sides: orderMoved) reads the request again; and a step refreshes the order (its
 * state, its 售后 card, its actions), the lists and the deal it pays.
 */
export const refundsApi = api.enhanceEndpoints({ addTagTypes: ["Refund", "Order", "Orders"] }).injectEndpoints({
  endpoints: (build) => ({
    /** One request as the caller sees it: `role`, `actions` and `statementAllowed` are theirs. */
    refund: build.query<Refund, string>({
      query: (refundId) => `/refunds/${refundId}`,
      providesTags: (refund, _error, refundId) => [
        { type: "Refund", id: refundId },
        ...(refund ? [{ type: "Order" as const, id: refund.orderId }] : []),
      ],
    }),
    /**
     * Any action of `refund.actions` (or the statement while disputed). The answer is the request
     * after it, put in the cache at once; a refusal reads the request again, as it may have moved
     * meanwhile (a timer, the other side).
     */
    actOnRefund: build.mutation<Refund, RefundActionArgs>({
      query: (args) => ({
        url: `/refunds/${args.refundId}/${REFUND_ACTION_PATHS[args.action]}`,
        method: "POST",
        ...("body" in args ? { body: args.body } : {}),
      }),
      async onQueryStarted({ refundId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(refundsApi.util.updateQueryData("refund", refundId, () => data));
      },
      invalidatesTags: (refund, _error, { refundId, orderId }) =>
        refund ? orderChangedTags(orderId) : [{ type: "Refund", id: refundId }],
    }),
  }),
});

export const { useRefundQuery, useActOnRefundMutation } = refundsApi;
