import type { Order, OrderRole } from "@xianzhi/contract";
import { ORDERS_LOOKUP_SIZE, useOrderQuery, useOrdersQuery } from "./orders-api";

/**
 * The order of a deal in 我买到的 / 我卖出的: found in the newest page of the caller's orders on
 * that side (one call for the whole list), else asked for alone; undefined while it loads.
 */
export function useDealOrder(orderId: string, role: OrderRole): Order | undefined {
  const { listed, listLoading } = useOrdersQuery(
    { role, page: 1, pageSize: ORDERS_LOOKUP_SIZE },
    {
      selectFromResult: ({ data, isLoading }) => ({
        listed: data?.list.find((order) => order.id === orderId),
        listLoading: isLoading,
      }),
    },
  );
  const { data: alone } = useOrderQuery(orderId, { skip: listLoading || listed !== undefined });
  return listed ?? alone;
}
