import type { DealRole, DealSummary, Order, Review } from "@xianzhi/contract";
import { DEAL_STATUSES, DELIVERY_METHODS } from "@xianzhi/contract/constants";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { formatPrice, formatTime } from "../../components/format";
import { Button } from "../../components/kit";
import { ProfileLink } from "../../components/profile-link";
import { Stars } from "../../components/stars";
import { DEAL_STATUS_TONES, StatusTag } from "../../components/status-tag";
import { useDealOrder } from "../orders";
import { OrderNextStep, OrderStatusTag } from "../orders/ui";
import { canReview, hiddenReviewNote, hiddenUntil } from "./review-rules";
import { ReviewSheet } from "./review-sheet";
import styles from "./trade.module.css";

/** The other side, as the list names them: the seller of what I bought, the buyer of what I sold. */
const PEER_SIDE: Record<DealRole, string> = { buyer: "卖家", seller: "买家" };

/** A deleted goods item or chat keeps its place in a deal as id "0". */
const exists = (id: string) => id !== "0";

interface DealCardProps {
  deal: DealSummary;
  side: DealRole;
  now: number;
}

/**
 * One deal of 我买到的 / 我卖出的. A deal paid through a protected order shows as its order: the
 * order's state, what the buyer pays, 快递 or 面交, 担保交易, the countdown and the one next action,
 * and the card opens the order. A deal settled between the two outside the product shows the
 * price, the deal's status and 无平台保障, and opens the goods. Both show the other side, the way
 * to the chat, and the reviews.
 */
export function DealCard({ deal, side, now }: DealCardProps) {
  if (deal.orderId !== null) return <ProtectedDealCard deal={deal} orderId={deal.orderId} side={side} now={now} />;
  return (
    <DealCardView
      deal={deal}
      side={side}
      now={now}
      href={exists(deal.goodsId) ? paths.goodsInfo(deal.goodsId) : null}
      status={<StatusTag tone={DEAL_STATUS_TONES[deal.status]}>{DEAL_STATUSES[deal.status]}</StatusTag>}
      priceCents={deal.priceCents}
      terms={<span>无平台保障</span>}
    />
  );
}

/** A deal paid through its order: the deal's own figures until the order has come. */
function ProtectedDealCard({ deal, orderId, side, now }: DealCardProps & { orderId: string }) {
  const order = useDealOrder(orderId, side);
  return (
    <DealCardView
      deal={deal}
      side={side}
      now={now}
      href={paths.order(orderId)}
      status={order && <OrderStatusTag status={order.status} />}
      priceCents={order?.totalCents ?? deal.priceCents}
      terms={<OrderTerms order={order} />}
      next={order && <OrderNextStep order={order} now={now} />}
    />
  );
}

function OrderTerms({ order }: { order: Order | undefined }) {
  return (
    <>
      {order && <span>{DELIVERY_METHODS[order.delivery]}</span>}
      <span className={styles.dealCardProtected}>担保交易</span>
    </>
  );
}

interface DealCardViewProps extends DealCardProps {
  /** Where the card leads: the order, or the goods (null once they are deleted). */
  href: string | null;
  status: ReactNode;
  priceCents: number;
  /** After the price and the time: how the deal is paid, and how the goods come. */
  terms: ReactNode;
  /** Under the other side: what is next (an order's countdown and action). */
  next?: ReactNode;
}

function DealCardView({ deal, side, now, href, status, priceCents, terms, next }: DealCardViewProps) {
  return (
    <article className={styles.dealCard} aria-label={deal.goods.title}>
      {deal.goods.coverUrl && <img src={deal.goods.coverUrl} alt="" className={styles.dealCardCover} />}
      <div className={styles.dealCardBody}>
        <div className={styles.dealCardTop}>
          {href ? (
            <Link to={href} className={styles.dealCardTitle}>
              {deal.goods.title}
            </Link>
          ) : (
            <span className={styles.dealCardTitle}>{deal.goods.title}</span>
          )}
          {status}
        </div>
        <div className={styles.dealCardMeta}>
          <strong className={styles.dealCardPrice}>{formatPrice(priceCents)}</strong>
          <time dateTime={deal.completedAt ?? deal.createdAt}>
            {formatTime(deal.completedAt ?? deal.createdAt, now)}
          </time>
          {terms}
        </div>
        <div className={styles.dealCardPeer}>
          {PEER_SIDE[side]}
          <ProfileLink user={deal.peer} to={paths.user(deal.peer.id)} className={styles.dealCardPeerLink} />
          {exists(deal.chatId) && (
            <Link
              to={`${paths.chat}?chatId=${deal.chatId}`}
              className={styles.dealCardChat}
              aria-label={`和${deal.peer.nickname}聊天`}
            >
              聊天
            </Link>
          )}
        </div>
        {next}
        <DealReviews deal={deal} side={side} now={now} />
      </div>
    </article>
  );
}

function ReviewLine({ who, review }: { who: string; review: Review }) {
  return (
    <div className={styles.dealCardReview}>
      <span className={styles.dealCardReviewWho}>{who}</span>
      <Stars value={review.rating} />
      {review.content && <q className={styles.dealCardReviewText}>{review.content}</q>}
    </div>
  );
}

/** The two sides' reviews of a completed deal, and 评价 while the caller may still write theirs. */
function DealReviews({ deal, side, now }: DealCardProps) {
  const [reviewing, setReviewing] = useState(false);
  const myReviewHiddenUntil = hiddenUntil(deal, now);
  return (
    <>
      {deal.myReview && <ReviewLine who="我的评价" review={deal.myReview} />}
      {myReviewHiddenUntil !== null && (
        <p className={styles.dealCardHint}>已评价 · {hiddenReviewNote(myReviewHiddenUntil)}，此前仅你可见</p>
      )}
      {deal.peerReview && <ReviewLine who={`${PEER_SIDE[side]}的评价`} review={deal.peerReview} />}
      {deal.peerReviewed && !deal.peerReview && (
        <p className={styles.dealCardHint}>
          {PEER_SIDE[side]}已评价{deal.myReview ? "，稍后可见" : "，你评价后可见"}
        </p>
      )}
      {canReview(deal, deal, now) && (
        <div className={styles.dealCardActions}>
          <Button type="primary" onClick={() => setReviewing(true)} aria-haspopup="dialog">
            评价
          </Button>
          <ReviewSheet
            open={reviewing}
            dealId={deal.id}
            peerName={deal.peer.nickname}
            revealBy={deal.reviewDeadline === null ? null : Date.parse(deal.reviewDeadline)}
            peerReviewed={deal.peerReviewed}
            onClose={() => setReviewing(false)}
          />
        </div>
      )}
    </>
  );
}
