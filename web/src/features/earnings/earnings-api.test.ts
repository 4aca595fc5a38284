import { configureStore } from "@reduxjs/toolkit";
import type { EarningsOrder, EarningsPage } from "@xianzhi/contract";
import { describe, expect, it, vi } from "vitest";
import { api } from "../../app/api";
import type { AppDispatch, RootState } from "../../app/store";
import { envelope, fakeNetwork, pathOf } from "../../components/test-support/fake-network";
import { orderMoved } from "../orders";
import { earningsApi } from "./earnings-api";

/** The earnings' cache against a real store and the real API layer; only the network is fake. */
const { pending, answerNext } = fakeNetwork();

const sale = (fields: Partial<EarningsOrder>) => ({ orderId: "5", status: "paid", ...fields }) as EarningsOrder;
const earningsPage = (heldCents: number, releasedCents: number, ...list: EarningsOrder[]): EarningsPage => ({
  totals: { heldCents, releasedCents, refundedCents: 0, feeCents: 0 },
  list,
  total: list.length,
  page: 1,
  pageSize: 20,
});

/** A store showing 我的收入's first page: one sale whose money is held. */
async function storeWithEarnings() {
  const store = configureStore({
    reducer: { [earningsApi.reducerPath]: earningsApi.reducer },
    middleware: (defaults) => defaults().concat(earningsApi.middleware),
  });
  const subscription = store.dispatch(earningsApi.endpoints.earnings.initiate({ page: 1, pageSize: 20 }));
  const request = await answerNext("GET /api/user/earnings", envelope(earningsPage(45_000, 0, sale({}))));
  await subscription;
  const read = () => earningsApi.endpoints.earnings.select({ page: 1, pageSize: 20 })(store.getState()).data?.totals;
  return { store, read, request };
}

describe("我的收入's cache", () => {
  it("asks for the page it shows", async () => {
    const { request } = await storeWithEarnings();
    expect(new URL(request.url).searchParams.toString()).toBe("page=1&pageSize=20");
  });

  it("is read again when the socket says an order moved: the buyer confirmed, the money came", async () => {
    const { store, read } = await storeWithEarnings();
    expect(read()).toMatchObject({ heldCents: 45_000, releasedCents: 0 });

    const dispatch = store.dispatch as unknown as AppDispatch;
    const getState = store.getState as unknown as () => RootState;
    orderMoved({ type: "order", orderId: "5", status: "completed" })(dispatch, getState);
    await answerNext(
      "GET /api/user/earnings",
      envelope(earningsPage(0, 45_000, sale({ status: "completed", releasedCents: 45_000 }))),
    );
    await vi.waitFor(() => expect(read()).toMatchObject({ heldCents: 0, releasedCents: 45_000 }));
    expect(pending.map(pathOf)).toEqual([]);
  });

  it("is read again when the caller's own data changes, the payout account with it (why money may wait)", async () => {
    const { store, read } = await storeWithEarnings();
    store.dispatch(api.util.invalidateTags(["Me"]));
    await answerNext("GET /api/user/earnings", envelope(earningsPage(0, 45_000)));
    await vi.waitFor(() => expect(read()).toMatchObject({ releasedCents: 45_000 }));
  });

  it("is left alone by changes that are not its own (a goods item, the chats)", async () => {
    const { store } = await storeWithEarnings();
    store.dispatch(api.util.invalidateTags(["GoodsList", "Chats"]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pending.map(pathOf)).toEqual([]);
  });
});
