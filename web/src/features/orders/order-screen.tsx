import type { OrderDetail, OrderRole } from "@xianzhi/contract";
import { CARRIERS, DELIVERY_METHODS, ORDER_STATUSES } from "@xianzhi/contract/constants";
import type { ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { paths, titles } from "../../app/paths";
import { formatPrice } from "../../components/format";
import { MessageOutlined } from "../../components/icons";
import { Button, Result } from "../../components/kit";
import { PlainSkeleton } from "../../components/plain-skeleton";
import { ProfileLink } from "../../components/profile-link";
import { useDocumentTitle } from "../../components/use-document-title";
import { useNow } from "../../components/use-now";
import { OrderActions } from "./order-actions";
import { RefundCard, RequestRefundButton } from "./order-refund";
import { orderStatusLine } from "./order-status";
import { eventTime, OrderTimeline } from "./order-timeline";
import styles from "./orders.module.css";
import { useOrderQuery } from "./orders-api";

/** The countdown moves on this often: it speaks in minutes. */
const TICK = 15_000;
/** While the buyer is away paying, the page asks how it went this often (the socket also says so). */
const PAYMENT_POLL = 3_000;

/** The other side, as the page names them: the seller of what I bought, the buyer of what I sold. */
const PEER_SIDE: Record<OrderRole, string> = { buyer: "卖家", seller: "买家" };

/** Where the money is, as each side reads it: whom it goes to once the buyer confirms. */
const HELD_NOTE: Record<OrderRole, string> = {
  buyer: "担保交易：货款由支付机构托管，你确认收货后才打给卖家",
  seller: "担保交易：货款由支付机构托管，买家确认收货后打给你",
};

/**
 * One order, as its buyer or seller sees it: its state and running timer, what they may do now,
 * the goods and the other side, where it goes (快递 and its tracking number, or 面交 and the
 * buyer's pickup code), the money, and the timeline (beside the rest on a wide screen).
 */
export default function OrderScreen() {
  useDocumentTitle(titles.order);
  const navigate = useNavigate();
  const { id = "" } = useParams();
  const { data: order, isLoading, isError } = useOrderQuery(id);
  // Back from the pay page before the provider's word arrived: asked again until it has.
  useOrderQuery(id, { pollingInterval: PAYMENT_POLL, skip: order?.status !== "awaiting_payment" });
  const now = useNow(TICK);

  if (isLoading) return <PlainSkeleton rows={6} className="page" />;
  if (isError || !order) {
    return (
      <Result
        status="404"
        title="订单不存在，或不是你的订单"
        extra={<Button onClick={() => navigate(paths.userinfo)}>回个人中心</Button>}
      />
    );
  }
  const line = orderStatusLine(order, now);
  return (
    <div className={`page ${styles.orderScreen}`}>
      <div className={styles.orderScreenMain}>
        <section className={styles.orderScreenState} aria-labelledby="order-state">
          <h1 id="order-state" className={styles.orderScreenTitle}>
            {ORDER_STATUSES[order.status]}
          </h1>
          {line && <p className={styles.orderScreenLine}>{line}</p>}
          <OrderActions order={order}>
            {order.actions.includes("requestRefund") && <RequestRefundButton order={order} />}
          </OrderActions>
        </section>
        {order.refund && <RefundCard refund={order.refund} />}
        {order.pickupCode && order.status !== "closed" && <PickupCode code={order.pickupCode} />}
        <GoodsAndPeer order={order} />
        <Delivery order={order} />
        <Amount order={order} />
      </div>
      <OrderSection id="order-timeline" heading="订单进度" className={styles.orderScreenTimeline}>
        <OrderTimeline events={order.events} />
        <p className={styles.orderScreenFacts}>
          订单编号 {order.id} · 下单时间 {eventTime(order.createdAt)}
        </p>
      </OrderSection>
    </div>
  );
}

interface OrderSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  heading: string;
  className?: string;
  children: ReactNode;
}

/** A part of the order's page: a card named by its heading. */
function OrderSection({ id, heading, className = styles.orderScreenSection, children }: OrderSectionProps) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className={styles.orderScreenHeading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** 面交: the code the buyer shows the seller at the meeting, which completes the order. */
function PickupCode({ code }: { code: string }) {
  return (
    <OrderSection id="order-pickup" heading="取件码" className={styles.orderScreenPickup}>
      <p className={styles.orderScreenPickupCode}>{code}</p>
      <p className={styles.orderScreenNote}>
        只在面交验货无误后出示给卖家：卖家输入取件码后交易即完成，货款打给卖家。不要提前告诉任何人。
      </p>
    </OrderSection>
  );
}

/** The goods (leading to their page) at the price paid, and the other side with the way to the chat. */
function GoodsAndPeer({ order }: { order: OrderDetail }) {
  return (
    <section className={styles.orderScreenSection} aria-label="商品">
      <Link to={paths.goodsInfo(order.goods.id)} className={styles.orderScreenGoods}>
        {order.goods.coverUrl && <img src={order.goods.coverUrl} alt="" className={styles.orderScreenCover} />}
        <span className={styles.orderScreenGoodsText}>
          <span className={styles.orderScreenGoodsTitle}>{order.goods.title}</span>
          <span className={styles.orderScreenGoodsPrice}>{formatPrice(order.priceCents)}</span>
        </span>
      </Link>
      <div className={styles.orderScreenPeer}>
        <span className={styles.orderScreenPeerSide}>{PEER_SIDE[order.role]}</span>
        <ProfileLink user={order.peer} to={paths.user(order.peer.id)} className={styles.orderScreenPeerLink} />
        <Link to={`${paths.chat}?chatId=${order.chatId}`} className={styles.orderScreenChat}>
          <MessageOutlined aria-hidden />
          联系{PEER_SIDE[order.role]}
        </Link>
      </div>
    </section>
  );
}

/** Where the goods go: the address (the seller's once paid) and the carrier's tracking number; or 面交. */
function Delivery({ order }: { order: OrderDetail }) {
  const { address, carrier, trackingNumber } = order;
  const meetup = order.delivery === "meetup";
  return (
    <OrderSection id="order-delivery" heading={meetup ? DELIVERY_METHODS.meetup : "收货信息"}>
      {meetup && <p className={styles.orderScreenNote}>双方约定时间地点，当面验货交易</p>}
      {address ? (
        <address className={styles.orderScreenAddress}>
          <span>
            <strong>{address.recipientName}</strong> {address.phone}
          </span>
          <span>
            {address.region} {address.street}
          </span>
        </address>
      ) : (
        !meetup && <p className={styles.orderScreenNote}>买家付款后可见收货地址</p>
      )}
      {carrier && trackingNumber && (
        <p className={styles.orderScreenTracking}>
          <span className={styles.orderScreenTrackingLabel}>{CARRIERS[carrier].name}</span>
          <span className={styles.orderScreenTrackingNumber}>{trackingNumber}</span>
        </p>
      )}
    </OrderSection>
  );
}

/** What the buyer pays: the price, the buyer-protection fee when there is one, the total; and where it is. */
function Amount({ order }: { order: OrderDetail }) {
  return (
    <OrderSection id="order-amount" heading="金额">
      <dl className={styles.orderScreenAmounts}>
        <dt>商品价格</dt>
        <dd>{formatPrice(order.priceCents)}</dd>
        {order.feeCents > 0 && (
          <>
            <dt>买家保障费</dt>
            <dd>{formatPrice(order.feeCents)}</dd>
          </>
        )}
        <dt>{order.role === "buyer" ? "实付款" : "买家实付"}</dt>
        <dd className={styles.orderScreenTotal}>{formatPrice(order.totalCents)}</dd>
      </dl>
      <p className={styles.orderScreenNote}>{HELD_NOTE[order.role]}</p>
    </OrderSection>
  );
}
