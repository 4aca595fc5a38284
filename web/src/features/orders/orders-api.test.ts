import { configureStore } from "@reduxjs/toolkit";
import type { Order, OrderDetail, OrderPage } from "@xianzhi/contract";
import { describe, expect, it, vi } from "vitest";
import type { AppDispatch, RootState } from "../../app/store";
import { envelope, fakeNetwork, pathOf } from "../../components/test-support/fake-network";
import { orderMoved } from "./order-cache";
import { ordersApi } from "./orders-api";

/**
 * The orders' cache against a real store and the real API layer; only the network is fake: each
 * call waits until the test answers it.
 */
const { pending, nextCall, answerNext } = fakeNetwork();

const order = (id: string, fields: Partial<Order> = {}) =>
  ({ id, goods: { id: `g${id}`, title: "相机", coverUrl: null }, sellerId: "2", status: "paid", ...fields }) as Order;
const detail = (id: string, fields: Partial<Order> = {}): OrderDetail => ({ ...order(id, fields), events: [] });
const page = (...list: Order[]): OrderPage => ({ list, total: list.length, page: 1, pageSize: 50 });

/** A store showing order 5's page, order 6's page, and the buyer's list with both. */
async function storeWithOrders() {
  // The app's one api, typed with the orders' tags.
  const store = configureStore({
    reducer: { [ordersApi.reducerPath]: ordersApi.reducer },
    middleware: (defaults) => defaults().concat(ordersApi.middleware),
  });
  const subscriptions = [
    store.dispatch(ordersApi.endpoints.order.initiate("5")),
    store.dispatch(ordersApi.endpoints.order.initiate("6")),
    store.dispatch(ordersApi.endpoints.orders.initiate({ role: "buyer", page: 1, pageSize: 50 })),
  ];
  await answerNext("GET /api/orders/5", envelope(detail("5")));
  await answerNext("GET /api/orders/6", envelope(detail("6")));
  await answerNext("GET /api/orders", envelope(page(order("5"), order("6"))));
  await Promise.all(subscriptions);
  const read = () => ({
    five: ordersApi.endpoints.order.select("5")(store.getState()).data?.status,
    six: ordersApi.endpoints.order.select("6")(store.getState()).data?.status,
    listed: ordersApi.endpoints.orders
      .select({ role: "buyer", page: 1, pageSize: 50 })(store.getState())
      .data?.list.map((item) => item.status),
  });
  const dispatch = store.dispatch as unknown as AppDispatch;
  const getState = store.getState as unknown as () => RootState;
  return {
    store,
    read,
    moved: (orderId: string) => orderMoved({ type: "order", orderId, status: "shipped" })(dispatch, getState),
  };
}

describe("an order frame from the socket", () => {
  it("reads again the order it names and the lists, and no other order", async () => {
    const { read, moved } = await storeWithOrders();
    expect(read()).toEqual({ five: "paid", six: "paid", listed: ["paid", "paid"] });

    moved("5");
    await answerNext("GET /api/orders/5", envelope(detail("5", { status: "shipped" })));
    await answerNext("GET /api/orders", envelope(page(order("5", { status: "shipped" }), order("6"))));
    await vi.waitFor(() => expect(read()).toEqual({ five: "shipped", six: "paid", listed: ["shipped", "paid"] }));
    expect(pending.map(pathOf)).toEqual([]);
  });

  it("reads again an order on a list whose page was not opened", async () => {
    const { read, moved } = await storeWithOrders();
    moved("7");
    await answerNext("GET /api/orders", envelope(page(order("7", { status: "shipped" }), order("5"), order("6"))));
    await vi.waitFor(() => expect(read().listed).toEqual(["shipped", "paid", "paid"]));
    expect(pending.map(pathOf)).toEqual([]);
  });
});

describe("an action on an order", () => {
  it("posts to the action's address and reads the order and the lists again", async () => {
    const { store, read } = await storeWithOrders();
    const refunding = store.dispatch(ordersApi.endpoints.actOnOrder.initiate({ orderId: "5", action: "refund" }));
    await answerNext("POST /api/orders/5/refund", envelope(order("5", { status: "closed" })));
    await refunding;
    await answerNext("GET /api/orders/5", envelope(detail("5", { status: "closed" })));
    await answerNext("GET /api/orders", envelope(page(order("5", { status: "closed" }), order("6"))));
    await vi.waitFor(() => expect(read()).toEqual({ five: "closed", six: "paid", listed: ["closed", "paid"] }));
  });

  it("sends the ship sheet's carrier and number", async () => {
    const { store } = await storeWithOrders();
    const shipping = store.dispatch(
      ordersApi.endpoints.actOnOrder.initiate({
        orderId: "6",
        action: "ship",
        body: { carrier: "SF", trackingNumber: "SF1234567890123" },
      }),
    );
    const call = await nextCall("POST /api/orders/6/ship");
    expect(await call.request.clone().json()).toEqual({ carrier: "SF", trackingNumber: "SF1234567890123" });
    call.answer(envelope(order("6", { status: "shipped" })));
    await shipping;
  });

  it("reads that order again when refused, where it shows: it may have moved, or counted a wrong code", async () => {
    const { store, read } = await storeWithOrders();
    const entering = store.dispatch(
      ordersApi.endpoints.actOnOrder.initiate({ orderId: "5", action: "pickup", body: { code: "123456" } }),
    );
    await answerNext("POST /api/orders/5/pickup", { code: 1806, msg: "取件码不正确", data: null });
    const result = await entering;
    expect(result.error).toMatchObject({ kind: "business", msg: "取件码不正确" });
    await answerNext("GET /api/orders/5", envelope(detail("5", { status: "shipped", pickupTriesLeft: 4 })));
    await answerNext("GET /api/orders", envelope(page(order("5", { status: "shipped" }), order("6"))));
    await vi.waitFor(() => expect(read()).toEqual({ five: "shipped", six: "paid", listed: ["shipped", "paid"] }));
    expect(pending.map(pathOf)).toEqual([]);
  });
});
