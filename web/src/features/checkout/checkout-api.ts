import type { Checkout, CreateOrderBody, Order, SandboxPayment } from "@xianzhi/contract";
import { api } from "../../app/api";

/**
 * Buying with protection up to the payment: what checkout shows, the order it makes, and the
 * sandbox provider's pay page (PAYMENT_PROVIDER=sandbox). "Orders" is the order lists' tag (the
 * orders feature provides it): a new order belongs in them.
 */
export const checkoutApi = api.enhanceEndpoints({ addTagTypes: ["Orders"] }).injectEndpoints({
  endpoints: (build) => ({
    /** The amount (the price, or the accepted offer's), the fee, the total and the caller's addresses. */
    checkout: build.query<Checkout, string>({
      query: (goodsId) => ({ url: "/orders/checkout", params: { goodsId } }),
      // Never an old amount: the price may have changed since the last look.
      keepUnusedDataFor: 0,
    }),
    /** 提交订单: the goods are reserved for the buyer, who pays at the answer's payUrl. */
    createOrder: build.mutation<Order, CreateOrderBody>({
      query: (body) => ({ url: "/orders", method: "POST", body }),
      invalidatesTags: (order, _error, body) =>
        order ? [{ type: "Goods", id: body.goodsId }, "Orders", "Deals", "ChatTrade", "MyGoods"] : [],
    }),
    sandboxPayment: build.query<SandboxPayment, string>({
      query: (paymentId) => `/sandbox-pay/${encodeURIComponent(paymentId)}`,
    }),
    /** 支付 or 支付失败 on the sandbox's cashier; its answer is the payment afterwards. */
    settleSandboxPayment: build.mutation<SandboxPayment, { paymentId: string; outcome: "pay" | "fail" }>({
      query: ({ paymentId, outcome }) => ({
        url: `/sandbox-pay/${encodeURIComponent(paymentId)}/${outcome}`,
        method: "POST",
        body: {},
      }),
      async onQueryStarted({ paymentId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(checkoutApi.util.upsertQueryData("sandboxPayment", paymentId, data));
      },
    }),
  }),
});

export const { useCheckoutQuery, useCreateOrderMutation, useSandboxPaymentQuery, useSettleSandboxPaymentMutation } =
  checkoutApi;
