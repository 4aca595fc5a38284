import type { Deal, DealRole } from "@xianzhi/contract";
import { useState } from "react";
import { Button } from "../../components/kit";
import { Stars } from "../../components/stars";
import { useNow } from "../../components/use-now";
import { canReview, hiddenReviewNote, hiddenUntil, reviewDeadline } from "./review-rules";
import { ReviewSheet } from "./review-sheet";
import styles from "./trade.module.css";
import { DEALS_PAGE_SIZE, useDealsQuery } from "./trade-api";

const MINUTE = 60_000;

interface DealReviewProps {
  /** A completed deal, as the chat knows it. */
  deal: Deal;
  myId: string;
  peerName: string;
}

/**
 * A completed deal's review, beside it in the chat: 去评价 (opening the review sheet) while the
 * caller may still write it, then 已评价 with their stars. What the caller wrote is on their deal
 * list, whose first page (the newest deals, shared with the personal centre) is asked for.
 */
export function DealReview({ deal, myId, peerName }: DealReviewProps) {
  const role: DealRole = deal.buyerId === myId ? "buyer" : "seller";
  const { summary, isLoading } = useDealsQuery(
    { role, page: 1, pageSize: DEALS_PAGE_SIZE },
    {
      selectFromResult: ({ data, isLoading }) => ({
        summary: data?.list.find((item) => item.id === deal.id),
        isLoading,
      }),
    },
  );
  const now = useNow(MINUTE);
  const [open, setOpen] = useState(false);

  if (isLoading) return null;
  if (summary?.myReview) {
    const until = hiddenUntil(summary, now);
    return (
      <span className={styles.dealReview}>
        已评价 <Stars value={summary.myReview.rating} />
        {until !== null && <span className={styles.dealReviewHidden}>· {hiddenReviewNote(until)}</span>}
      </span>
    );
  }
  if (!canReview(deal, summary, now)) return null;
  return (
    <>
      <Button type="link" onClick={() => setOpen(true)} aria-haspopup="dialog">
        去评价
      </Button>
      <ReviewSheet
        open={open}
        dealId={deal.id}
        peerName={peerName}
        revealBy={reviewDeadline(deal, summary)}
        peerReviewed={summary?.peerReviewed ?? false}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
