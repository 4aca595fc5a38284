import { configureStore } from "@reduxjs/toolkit";
import type { FailedSettlement } from "@xianzhi/contract";
import { describe, expect, it, vi } from "vitest";
import { envelope, fakeNetwork, pathOf } from "../../components/test-support/fake-network";
import { settlementsApi } from "./settlements-api";

const { pending, nextCall, answerNext } = fakeNetwork();

const failed = (orderId: string, attempts = 8) =>
  ({ orderId, goodsTitle: "相机", kind: "refund", refundCents: 5_000, releaseCents: 0, attempts }) as FailedSettlement;

/** A store holding the failed list, as 对账 shows it: orders 3 and 4. */
async function listedStore() {
  const store = configureStore({
    reducer: { [settlementsApi.reducerPath]: settlementsApi.reducer },
    middleware: (defaults) => defaults().concat(settlementsApi.middleware),
  });
  const list = store.dispatch(settlementsApi.endpoints.failedSettlements.initiate());
  await answerNext("GET /api/admin/settlements", envelope([failed("3"), failed("4")]));
  await list;
  const listed = () =>
    settlementsApi.endpoints.failedSettlements
      .select()(store.getState())
      .data?.map((item) => `${item.orderId}×${item.attempts}`);
  expect(listed()).toEqual(["3×8", "4×8"]);
  return { store, listed };
}

describe("a moderator's retry of a failed settlement", () => {
  it("is posted for its order, and the list is read again: the moved one is gone", async () => {
    const { store, listed } = await listedStore();
    const retry = store.dispatch(settlementsApi.endpoints.retrySettlement.initiate("3"));
    (await nextCall("POST /api/admin/settlements/3/retry")).answer(envelope({ settled: true }));
    expect((await retry).data).toEqual({ settled: true });
    await answerNext("GET /api/admin/settlements", envelope([failed("4")]));
    await vi.waitFor(() => expect(listed()).toEqual(["4×8"]));
    expect(pending.map(pathOf)).toEqual([]);
  });

  it("refused again, shows the list as the server has it now", async () => {
    const { store, listed } = await listedStore();
    const retry = store.dispatch(settlementsApi.endpoints.retrySettlement.initiate("3"));
    (await nextCall("POST /api/admin/settlements/3/retry")).answer(envelope({ settled: false }));
    expect((await retry).data).toEqual({ settled: false });
    await answerNext("GET /api/admin/settlements", envelope([failed("3", 9), failed("4")]));
    await vi.waitFor(() => expect(listed()).toEqual(["3×9", "4×8"]));
    expect(pending.map(pathOf)).toEqual([]);
  });

  it("that fails (another moderator's retry moved it first) still reads the list again", async () => {
    const { store, listed } = await listedStore();
    const retry = store.dispatch(settlementsApi.endpoints.retrySettlement.initiate("3"));
    (await nextCall("POST /api/admin/settlements/3/retry")).answer(
      { code: 404, msg: "没有待处理的退款或放款", data: null },
      404,
    );
    expect((await retry).error).toMatchObject({ status: 404, detail: "没有待处理的退款或放款" });
    await answerNext("GET /api/admin/settlements", envelope([failed("4")]));
    await vi.waitFor(() => expect(listed()).toEqual(["4×8"]));
    expect(pending.map(pathOf)).toEqual([]);
  });
});
