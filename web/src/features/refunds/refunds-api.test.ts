import { configureStore } from "@reduxjs/toolkit";
import type { Refund } from "@xianzhi/contract";
import { describe, expect, it, vi } from "vitest";
import type { AppDispatch, RootState } from "../../app/store";
import { envelope, fakeNetwork, pathOf } from "../../components/test-support/fake-network";
import { orderMoved } from "../orders";
import { type RefundActionArgs, refundsApi } from "./refunds-api";

/**
 * The refunds' cache against a real store and the real API layer; only the network is fake: each
 * call waits until the test answers it.
 */
const { pending, nextCall, answerNext } = fakeNetwork();

const refund = (id: string, orderId: string, fields: Partial<Refund> = {}) =>
  ({ id, orderId, status: "requested", kind: "refund_only", actions: [], ...fields }) as Refund;

/** A store showing refund 3 (of order 5) and refund 4 (of order 6). */
async function storeWithRefunds() {
  const store = configureStore({
    reducer: { [refundsApi.reducerPath]: refundsApi.reducer },
    middleware: (defaults) => defaults().concat(refundsApi.middleware),
  });
  const subscriptions = [
    store.dispatch(refundsApi.endpoints.refund.initiate("3")),
    store.dispatch(refundsApi.endpoints.refund.initiate("4")),
  ];
  await answerNext("GET /api/refunds/3", envelope(refund("3", "5")));
  await answerNext("GET /api/refunds/4", envelope(refund("4", "6")));
  await Promise.all(subscriptions);
  const statusOf = (id: string) => refundsApi.endpoints.refund.select(id)(store.getState()).data?.status;
  const dispatch = store.dispatch as unknown as AppDispatch;
  const getState = store.getState as unknown as () => RootState;
  return {
    store,
    statusOf,
    moved: (orderId: string) => orderMoved({ type: "order", orderId, status: "shipped" })(dispatch, getState),
  };
}

describe("an order frame from the socket", () => {
  it("reads again the refund of the order it names, and no other", async () => {
    const { statusOf, moved } = await storeWithRefunds();
    moved("5");
    await answerNext("GET /api/refunds/3", envelope(refund("3", "5", { status: "refused" })));
    await vi.waitFor(() => expect(statusOf("3")).toBe("refused"));
    expect(statusOf("4")).toBe("requested");
    expect(pending.map(pathOf)).toEqual([]);
  });

  it("leaves the refunds alone for an order of neither", async () => {
    const { moved } = await storeWithRefunds();
    moved("7");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pending.map(pathOf)).toEqual([]);
  });
});

describe("an action on a refund", () => {
  it("posts the seller's offer, shows the answer at once and reads the refund again", async () => {
    const { store, statusOf } = await storeWithRefunds();
    const agreeing = store.dispatch(
      refundsApi.endpoints.actOnRefund.initiate({
        refundId: "3",
        orderId: "5",
        action: "agree",
        body: { amountCents: 6000 },
      }),
    );
    const call = await nextCall("POST /api/refunds/3/agree");
    expect(await call.request.clone().json()).toEqual({ amountCents: 6000 });
    call.answer(envelope(refund("3", "5", { status: "countered", offeredCents: 6000 })));
    await agreeing;
    expect(statusOf("3")).toBe("countered");
    // The order moved with it: what shows the order (and this refund, cached under its tag) is read again.
    await answerNext("GET /api/refunds/3", envelope(refund("3", "5", { status: "countered" })));
    expect(statusOf("4")).toBe("requested");
    expect(pending.map(pathOf)).toEqual([]);
  });

  it("goes to each action's own address", async () => {
    const { store } = await storeWithRefunds();
    const ids = { refundId: "4", orderId: "6" };
    const addresses: [RefundActionArgs, string][] = [
      [{ ...ids, action: "withdraw" }, "POST /api/refunds/4/withdraw"],
      [{ ...ids, action: "receiveReturn" }, "POST /api/refunds/4/receive"],
      [
        { ...ids, action: "shipReturn", body: { carrier: "SF", trackingNumber: "SF1234567890123" } },
        "POST /api/refunds/4/return",
      ],
      [
        { ...ids, action: "rejectReturn", body: { text: "空盒", fileIds: ["f1"] } },
        "POST /api/refunds/4/reject-return",
      ],
      [{ ...ids, action: "statement", body: { text: "补充", fileIds: [] } }, "POST /api/refunds/4/statement"],
    ];
    for (const [args, address] of addresses) {
      const acting = store.dispatch(refundsApi.endpoints.actOnRefund.initiate(args));
      const call = await nextCall(address);
      if ("body" in args) expect(await call.request.clone().json()).toEqual(args.body);
      else expect(await call.request.clone().text()).toBe("");
      call.answer(envelope(refund("4", "6")));
      await acting;
      await answerNext("GET /api/refunds/4", envelope(refund("4", "6")));
    }
  });

  it("reads the refund again when refused: it may have moved meanwhile", async () => {
    const { store, statusOf } = await storeWithRefunds();
    const accepting = store.dispatch(
      refundsApi.endpoints.actOnRefund.initiate({ refundId: "3", orderId: "5", action: "escalate" }),
    );
    await answerNext("POST /api/refunds/3/escalate", { code: 2104, msg: "退款状态已变化，请刷新", data: null });
    const result = await accepting;
    expect(result.error).toMatchObject({ kind: "business", msg: "退款状态已变化，请刷新" });
    await answerNext("GET /api/refunds/3", envelope(refund("3", "5", { status: "refunded" })));
    await vi.waitFor(() => expect(statusOf("3")).toBe("refunded"));
    expect(pending.map(pathOf)).toEqual([]);
  });
});
