import type { ServerFrame } from "@xianzhi/contract";
import type { AppDispatch, RootState } from "../../app/store";
import { orderChangedTags, ordersApi } from "./orders-api";

type OrderFrame = Extract<ServerFrame, { type: "order" }>;

const selectOrder = (orderId: string) => ordersApi.endpoints.order.select(orderId);
/** The store as the orders' endpoints see it: the app's store types the api without their tag types. */
type OrdersState = Parameters<ReturnType<typeof selectOrder>>[0];

/**
 * The socket's `order` frame: an order of the member's moved on. The frame says only which and
 * its new state, so what shows it is asked again (its page, the lists, the chat's bar); the goods
 * and the seller's figures too when the order is in the cache, where its goods are named.
 */
export const orderMoved = (frame: OrderFrame) => (dispatch: AppDispatch, getState: () => RootState) => {
  const known = selectOrder(frame.orderId)(getState() as unknown as OrdersState).data;
  dispatch(ordersApi.util.invalidateTags(orderChangedTags(frame.orderId, known)));
};
