import type { DealRole, DealSummary, Review } from "@xianzhi/contract";
import { DEAL_STATUSES } from "@xianzhi/contract/constants";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { formatPrice, formatTime } from "../../components/format";
import { Button } from "../../components/kit";
import { ProfileLink } from "../../components/profile-link";
import { Stars } from "../../components/stars";
import { DEAL_STATUS_TONES, StatusTag } from "../../components/status-tag";
import { OrderCard } from "../orders/ui";
import { canReview, hiddenReviewNote, hiddenUntil } from "./review-rules";
import { ReviewSheet } from "./review-sheet";
import styles from "./trade.module.css";

/** The other side, as the list names them: the seller of what I bought, the buyer of what I sold. */
const PEER_SIDE: Record<DealRole, string> = { buyer: "卖家", seller: "买家" };

/** A deleted goods item or chat keeps its place in a deal as id "0". */
const exists = (id: string) => id !== "0";

function ReviewLine({ who, review }: { who: string; review: Review }) {
  return (
    <div className={styles.dealCardReview}>
      <span className={styles.dealCardReviewWho}>{who}</span>
      <Stars value={review.rating} />
      {review.content && <q className={styles.dealCardReviewText}>{review.content}</q>}
    </div>
  );
}

/**
 * One deal of 我买到的 / 我卖出的. A deal paid through a protected order shows as its order (state,
 * countdown, next action: the order's card), with the reviews under it; a deal settled between
 * the two outside the product shows the goods, the price, the status, 无平台保障, the other side,
 * and the reviews.
 */
export function DealCard({ deal, side, now }: { deal: DealSummary; side: DealRole; now: number }) {
  if (deal.orderId !== null) {
    return (
      <div className={styles.dealCard}>
        <OrderCard orderId={deal.orderId} role={side} now={now}>
          <DealReviews deal={deal} side={side} now={now} />
        </OrderCard>
      </div>
    );
  }
  const cover = deal.goods.coverUrl && <img src={deal.goods.coverUrl} alt="" className={styles.dealCardCover} />;
  return (
    <article className={styles.dealCard} aria-label={deal.goods.title}>
      {exists(deal.goodsId) ? (
        <Link to={paths.goodsInfo(deal.goodsId)} className={styles.dealCardCoverLink} tabIndex={-1} aria-hidden="true">
          {cover}
        </Link>
      ) : (
        cover
      )}
      <div className={styles.dealCardBody}>
        <div className={styles.dealCardTop}>
          {exists(deal.goodsId) ? (
            <Link to={paths.goodsInfo(deal.goodsId)} className={styles.dealCardTitle}>
              {deal.goods.title}
            </Link>
          ) : (
            <span className={styles.dealCardTitle}>{deal.goods.title}</span>
          )}
          <StatusTag tone={DEAL_STATUS_TONES[deal.status]}>{DEAL_STATUSES[deal.status]}</StatusTag>
        </div>
        <div className={styles.dealCardMeta}>
          <strong className={styles.dealCardPrice}>{formatPrice(deal.priceCents)}</strong>
          <time dateTime={deal.completedAt ?? deal.createdAt}>
            {formatTime(deal.completedAt ?? deal.createdAt, now)}
          </time>
          <span>无平台保障</span>
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
        <DealReviews deal={deal} side={side} now={now} />
      </div>
    </article>
  );
}

/** The two sides' reviews of a completed deal, and 评价 while the caller may still write theirs. */
function DealReviews({ deal, side, now }: { deal: DealSummary; side: DealRole; now: number }) {
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
