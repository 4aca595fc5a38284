import type { Order, OrderRole } from "@xianzhi/contract";
import { DELIVERY_METHODS } from "@xianzhi/contract/constants";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { formatPrice } from "../../components/format";
import { ProfileLink } from "../../components/profile-link";
import { OrderActionButton } from "./order-actions";
import { nextButton } from "./order-rules";
import { OrderStatusTag, orderStatusLine } from "./order-status";
import styles from "./orders.module.css";
import { ORDERS_LOOKUP_SIZE, useOrderQuery, useOrdersQuery } from "./orders-api";

/** The other side, as a card names them: the seller of what I bought, the buyer of what I sold. */
export const PEER_SIDE: Record<OrderRole, string> = { buyer: "卖家", seller: "买家" };

interface OrderCardProps {
  order: Order;
  now: number;
  /** Below the order: what the screen composes in (the deal's reviews, in the personal centre). */
  children?: ReactNode;
}

/**
 * One order as a card: the goods, what the buyer pays, the state, the running timer counted down,
 * the other side, and the one action that moves it on; the whole card opens the order's page.
 */
export function OrderCardView({ order, now, children }: OrderCardProps) {
  const next = nextButton(order);
  const line = orderStatusLine(order, now);
  return (
    <article className={styles.orderCard} aria-label={order.goods.title}>
      {order.goods.coverUrl && <img src={order.goods.coverUrl} alt="" className={styles.orderCardCover} />}
      <div className={styles.orderCardBody}>
        <div className={styles.orderCardTop}>
          <Link to={paths.order(order.id)} className={styles.orderCardTitle}>
            {order.goods.title}
          </Link>
          <OrderStatusTag status={order.status} />
        </div>
        <div className={styles.orderCardMeta}>
          <strong className={styles.orderCardPrice}>{formatPrice(order.totalCents)}</strong>
          <span>{DELIVERY_METHODS[order.delivery]}</span>
          <span className={styles.orderCardProtected}>担保交易</span>
        </div>
        <div className={styles.orderCardPeer}>
          {PEER_SIDE[order.role]}
          <ProfileLink user={order.peer} to={paths.user(order.peer.id)} className={styles.orderCardPeerLink} />
        </div>
        {line && <p className={styles.orderCardLine}>{line}</p>}
        {next && (
          <div className={styles.orderCardActions}>
            <OrderActionButton order={order} button={next} primary />
          </div>
        )}
        {children}
      </div>
    </article>
  );
}

/**
 * The order of a deal in 我买到的 / 我卖出的: found in the newest page of the caller's orders on
 * that side (one call for the whole list), else asked for alone.
 */
export function OrderCard({
  orderId,
  role,
  now,
  children,
}: Omit<OrderCardProps, "order"> & { orderId: string; role: OrderRole }) {
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
  const order = listed ?? alone;
  if (!order) return <div className={styles.orderCard} aria-busy="true" />;
  return (
    <OrderCardView order={order} now={now}>
      {children}
    </OrderCardView>
  );
}
