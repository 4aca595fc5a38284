import type { OrderDetail } from "@xianzhi/contract";
import { CARRIERS, DELIVERY_METHODS, ORDER_STATUSES } from "@xianzhi/contract/constants";
import { Link, useNavigate, useParams } from "react-router";
import { paths, titles } from "../../app/paths";
import { formatPrice } from "../../components/format";
import { Button, Result } from "../../components/kit";
import { PlainSkeleton } from "../../components/plain-skeleton";
import { ProfileLink } from "../../components/profile-link";
import { useDocumentTitle } from "../../components/use-document-title";
import { useNow } from "../../components/use-now";
import { OrderActions } from "./order-actions";
import { PEER_SIDE } from "./order-card";
import { OrderStatusTag, orderStatusLine } from "./order-status";
import { eventTime, OrderTimeline } from "./order-timeline";
import styles from "./orders.module.css";
import { useOrderQuery } from "./orders-api";

/** The countdown moves on this often: it speaks in minutes. */
const TICK = 15_000;
/** While the buyer is away paying, the page asks how it went this often (the socket also says so). */
const PAYMENT_POLL = 3_000;

/**
 * One order, as its buyer or seller sees it: its state and running timer, what they may do now,
 * the goods and the other side, where it goes (快递 and its tracking number, or 面交 and the
 * buyer's pickup code), the money, and the timeline.
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
      <section className={styles.orderScreenState} aria-labelledby="order-state">
        <h1 id="order-state" className={styles.orderScreenTitle}>
          {ORDER_STATUSES[order.status]}
        </h1>
        {line && <p className={styles.orderScreenLine}>{line}</p>}
        <OrderActions order={order} />
      </section>
      {order.pickupCode && order.status !== "closed" && <PickupCode code={order.pickupCode} />}
      <GoodsAndPeer order={order} />
      <Delivery order={order} />
      <Amount order={order} />
      <section className={styles.orderScreenSection} aria-labelledby="order-timeline">
        <h2 id="order-timeline" className={styles.orderScreenHeading}>
          订单进度
        </h2>
        <OrderTimeline events={order.events} />
        <p className={styles.orderScreenFacts}>
          订单编号 {order.id} · 下单时间 {eventTime(order.createdAt)}
        </p>
      </section>
    </div>
  );
}

/** 面交: the code the buyer shows the seller at the meeting, which completes the order. */
function PickupCode({ code }: { code: string }) {
  return (
    <section className={styles.orderScreenPickup} aria-labelledby="order-pickup">
      <h2 id="order-pickup" className={styles.orderScreenHeading}>
        取件码
      </h2>
      <p className={styles.orderScreenPickupCode}>{code}</p>
      <p className={styles.orderScreenNote}>
        只在面交验货无误后出示给卖家：卖家输入取件码后交易即完成，货款打给卖家。不要提前告诉任何人。
      </p>
    </section>
  );
}

function GoodsAndPeer({ order }: { order: OrderDetail }) {
  return (
    <section className={styles.orderScreenSection} aria-label="商品">
      <Link to={paths.goodsInfo(order.goods.id)} className={styles.orderScreenGoods}>
        {order.goods.coverUrl && <img src={order.goods.coverUrl} alt="" className={styles.orderCardCover} />}
        <span className={styles.orderScreenGoodsTitle}>{order.goods.title}</span>
        <OrderStatusTag status={order.status} />
      </Link>
      <div className={styles.orderCardPeer}>
        {PEER_SIDE[order.role]}
        <ProfileLink user={order.peer} to={paths.user(order.peer.id)} className={styles.orderCardPeerLink} />
        <Link to={`${paths.chat}?chatId=${order.chatId}`} className={styles.orderScreenChat}>
          聊天
        </Link>
      </div>
    </section>
  );
}

/** Where the goods go: the address (the seller's once paid), the tracking number; or 面交. */
function Delivery({ order }: { order: OrderDetail }) {
  const { address, carrier, trackingNumber } = order;
  return (
    <section className={styles.orderScreenSection} aria-labelledby="order-delivery">
      <h2 id="order-delivery" className={styles.orderScreenHeading}>
        {DELIVERY_METHODS[order.delivery]}
      </h2>
      {order.delivery === "meetup" && <p className={styles.orderScreenNote}>双方约定时间地点，当面验货交易</p>}
      {address ? (
        <address className={styles.orderScreenAddress}>
          <span>
            {address.recipientName} {address.phone}
          </span>
          <span>
            {address.region} {address.street}
          </span>
        </address>
      ) : (
        order.delivery === "shipping" && <p className={styles.orderScreenNote}>买家付款后可见收货地址</p>
      )}
      {carrier && trackingNumber && (
        <p className={styles.orderScreenTracking}>
          {CARRIERS[carrier].name} <span className={styles.orderScreenTrackingNumber}>{trackingNumber}</span>
        </p>
      )}
    </section>
  );
}

/** What the buyer pays: the price, the buyer-protection fee when there is one, the total; and where it is. */
function Amount({ order }: { order: OrderDetail }) {
  return (
    <section className={styles.orderScreenSection} aria-labelledby="order-amount">
      <h2 id="order-amount" className={styles.orderScreenHeading}>
        金额
      </h2>
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
      <p className={styles.orderScreenNote}>担保交易：货款由支付机构托管，买家确认收货后才打给卖家</p>
    </section>
  );
}
