import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { formatPrice } from "../../components/format";
import { useNow } from "../../components/use-now";
import { OrderActionButton } from "./order-actions";
import { nextButton } from "./order-rules";
import { OrderStatusTag, orderStatusLine } from "./order-status";
import styles from "./orders.module.css";
import { useOrderQuery } from "./orders-api";

const MINUTE = 60_000;

/**
 * A chat's deal paid through a protected order, under the chat's header: the order's state, what
 * the buyer pays, the running timer, the one action that moves it on, and the way to its page.
 * `children` follow the actions (the deal's review, once the order succeeded).
 */
export function OrderBar({ orderId, children }: { orderId: string; children?: ReactNode }) {
  const { data: order } = useOrderQuery(orderId);
  const now = useNow(MINUTE);
  if (!order) return null;
  const next = nextButton(order);
  const line = orderStatusLine(order, now);
  return (
    <div className={styles.orderBar}>
      <OrderStatusTag status={order.status} />
      <span className={styles.orderBarAmount}>担保交易 {formatPrice(order.totalCents)}</span>
      {line && <span className={styles.orderBarLine}>{line}</span>}
      <div className={styles.orderBarActions}>
        {next && <OrderActionButton order={order} button={next} primary />}
        <Link to={paths.order(order.id)} className={styles.orderBarLink}>
          查看订单
        </Link>
        {children}
      </div>
    </div>
  );
}
