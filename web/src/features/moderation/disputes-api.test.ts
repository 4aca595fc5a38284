import { configureStore } from "@reduxjs/toolkit";
import type { DisputeSummary, Refund } from "@xianzhi/contract";
import { describe, expect, it, vi } from "vitest";
import { envelope, fakeNetwork, pathOf } from "../../components/test-support/fake-network";
import { refundsApi } from "../refunds";
import { disputesApi } from "./disputes-api";

const { pending, nextCall, answerNext } = fakeNetwork();

const dispute = (refundId: string) => ({ refundId, orderId: `o${refundId}`, goodsTitle: "相机" }) as DisputeSummary;

describe("a ruling", () => {
  it("is sent with its reason, takes the dispute off the queue and reads its refund again", async () => {
    const store = configureStore({
      reducer: { [disputesApi.reducerPath]: disputesApi.reducer },
      middleware: (defaults) => defaults().concat(disputesApi.middleware),
    });
    const queue = store.dispatch(disputesApi.endpoints.disputes.initiate());
    const shown = store.dispatch(refundsApi.endpoints.refund.initiate("3"));
    await answerNext("GET /api/admin/disputes", envelope([dispute("3"), dispute("4")]));
    await answerNext("GET /api/refunds/3", envelope({ id: "3", orderId: "o3", status: "disputed" }));
    await Promise.all([queue, shown]);
    const listed = () =>
      disputesApi.endpoints.disputes
        .select()(store.getState())
        .data?.map((item) => item.refundId);
    expect(listed()).toEqual(["3", "4"]);

    const ruling = store.dispatch(
      disputesApi.endpoints.ruleDispute.initiate({
        refundId: "3",
        body: { ruling: "split", refundCents: 3000, reason: "商品有瑕疵，部分退款" },
      }),
    );
    const call = await nextCall("POST /api/admin/disputes/3/ruling");
    expect(await call.request.clone().json()).toEqual({
      ruling: "split",
      refundCents: 3000,
      reason: "商品有瑕疵，部分退款",
    });
    call.answer(envelope({ id: "3", orderId: "o3", status: "refunded" } as Refund));
    await ruling;
    await answerNext("GET /api/admin/disputes", envelope([dispute("4")]));
    await answerNext("GET /api/refunds/3", envelope({ id: "3", orderId: "o3", status: "refunded" }));
    await vi.waitFor(() => expect(listed()).toEqual(["4"]));
    expect(pending.map(pathOf)).toEqual([]);
  });
});
