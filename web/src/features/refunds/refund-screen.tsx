import type { Refund } from "@xianzhi/contract";
import { CARRIERS, DISPUTE_RULINGS, formatPrice, REFUND_KINDS, REFUND_REASONS } from "@xianzhi/contract/constants";
import type { ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { paths, titles } from "../../app/paths";
import { formatTime } from "../../components/format";
import { Button, Result } from "../../components/kit";
import { PlainSkeleton } from "../../components/plain-skeleton";
import { useDocumentTitle } from "../../components/use-document-title";
import { useNow } from "../../components/use-now";
import { useOrderQuery } from "../orders";
import { RefundActions } from "./refund-actions";
import { refundBanner } from "./refund-rules";
import { RefundWordsList } from "./refund-words";
import styles from "./refunds.module.css";
import { useRefundQuery } from "./refunds-api";

/** The countdown moves on this often: it speaks in minutes. */
const TICK = 30_000;

/**
 * A refund request after sale (售后), as its buyer or seller sees it: its state, what happens next
 * and by when, what they may do now; the goods, the amounts, the return's address and tracking
 * number, the platform's ruling, and what each side said with their photos.
 */
export default function RefundScreen() {
  useDocumentTitle(titles.refund);
  const navigate = useNavigate();
  const { id = "" } = useParams();
  const { data: refund, isLoading, isError } = useRefundQuery(id);
  const now = useNow(TICK);

  if (isLoading) return <PlainSkeleton rows={6} className="page" />;
  if (isError || !refund) {
    return (
      <Result
        status="404"
        title="退款申请不存在，或不是你的订单"
        extra={<Button onClick={() => navigate(paths.userinfo)}>回个人中心</Button>}
      />
    );
  }
  const banner = refundBanner(refund, now);
  return (
    <div className={`page ${styles.refundScreen}`}>
      <section className={styles.refundState} aria-labelledby="refund-state">
        <h1 id="refund-state" className={styles.refundTitle}>
          {banner.title}
        </h1>
        <p className={styles.refundNext}>{banner.next}</p>
        {banner.deadline && <p className={styles.refundDeadline}>{banner.deadline}</p>}
        <RefundActions refund={refund} />
      </section>
      <OrderLine orderId={refund.orderId} />
      <RefundSection id="refund-amounts" heading="退款信息">
        <Amounts refund={refund} />
      </RefundSection>
      {refund.kind === "return" && (refund.returnAddress || refund.returnTrackingNumber) && (
        <RefundSection id="refund-return" heading="退货信息">
          <ReturnFacts refund={refund} />
        </RefundSection>
      )}
      {refund.ruling && (
        <RefundSection id="refund-ruling" heading="平台裁决">
          <p className={styles.refundRuling}>
            {DISPUTE_RULINGS[refund.ruling.ruling]}
            {refund.ruling.refundCents > 0 && ` · 退款 ${formatPrice(refund.ruling.refundCents)}`}
          </p>
          <p className={styles.refundWordsText}>{refund.ruling.reason}</p>
          <p className={styles.refundMuted}>{formatTime(refund.ruling.ruledAt)}</p>
        </RefundSection>
      )}
      <RefundSection id="refund-words" heading="协商记录">
        <RefundWordsList words={refund.words} />
      </RefundSection>
    </div>
  );
}

/** A part of the refund's page: a card named by its heading. */
function RefundSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className={styles.refundSection} aria-labelledby={id}>
      <h2 id={id} className={styles.refundHeading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** The goods the request is about, leading to the order's page. */
function OrderLine({ orderId }: { orderId: string }) {
  const { data: order } = useOrderQuery(orderId);
  return (
    <section className={styles.refundSection} aria-label="订单">
      <Link to={paths.order(orderId)} className={styles.refundOrder}>
        {order?.goods.coverUrl && <img src={order.goods.coverUrl} alt="" className={styles.refundCover} />}
        <span className={styles.refundOrderText}>
          <span className={styles.refundOrderTitle}>{order?.goods.title ?? "订单"}</span>
          <span className={styles.refundMuted}>查看订单</span>
        </span>
      </Link>
    </section>
  );
}

/** What was asked, offered, agreed and paid. */
function Amounts({ refund }: { refund: Refund }) {
  return (
    <dl className={styles.refundAmounts}>
      <dt>退款类型</dt>
      <dd>{REFUND_KINDS[refund.kind]}</dd>
      <dt>退款原因</dt>
      <dd>{REFUND_REASONS[refund.reason]}</dd>
      <dt>申请金额</dt>
      <dd>{formatPrice(refund.amountCents)}</dd>
      {refund.offeredCents !== null && (
        <>
          <dt>卖家同意</dt>
          <dd>{formatPrice(refund.offeredCents)}</dd>
        </>
      )}
      {refund.refundCents !== null && (
        <>
          <dt>{refund.status === "refunded" ? "已退款" : "退款金额"}</dt>
          <dd className={styles.refundTotal}>{formatPrice(refund.refundCents)}</dd>
        </>
      )}
      <dt>实付款</dt>
      <dd>{formatPrice(refund.paidCents)}</dd>
      <dt>申请时间</dt>
      <dd>{formatTime(refund.createdAt)}</dd>
    </dl>
  );
}

/** 退货退款: where the goods go back, and the tracking number the buyer sent them with. */
function ReturnFacts({ refund }: { refund: Refund }) {
  const { returnAddress: address, returnCarrier: carrier, returnTrackingNumber: trackingNumber } = refund;
  return (
    <>
      {address && (
        <address className={styles.refundAddress}>
          <span>
            <strong>{address.recipientName}</strong> {address.phone}
          </span>
          <span>
            {address.region} {address.street}
          </span>
        </address>
      )}
      {carrier && trackingNumber ? (
        <p className={styles.refundTracking}>
          <span className={styles.refundMuted}>{CARRIERS[carrier].name}</span>
          <span className={styles.refundTrackingNumber}>{trackingNumber}</span>
        </p>
      ) : (
        refund.status === "awaiting_return" && <p className={styles.refundMuted}>买家尚未填写退货单号</p>
      )}
    </>
  );
}
