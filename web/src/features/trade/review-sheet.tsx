import { TradeLimits } from "@xianzhi/contract/constants";
import { type FormEvent, type RefObject, useId, useRef, useState } from "react";
import { errorText } from "../../app/api-error";
import { Button, Input } from "../../components/kit";
import { Sheet } from "../../components/sheet";
import { message } from "../../components/toasts";
import { hiddenReviewNote, revealRule } from "./review-rules";
import { StarPicker } from "./star-picker";
import styles from "./trade.module.css";
import { useCreateReviewMutation } from "./trade-api";

interface ReviewSheetProps {
  open: boolean;
  dealId: string;
  /** Whom the review is about, for the title: 评价爱丽丝. */
  peerName: string;
  /** When the review window closes (the review shows then at the latest), if known. */
  revealBy: number | null;
  /** Whether the other side has reviewed already: both reviews then show at once. */
  peerReviewed: boolean;
  onClose(): void;
}

/** One side of a completed deal reviews the other: 1 to 5 stars and, if they like, a few words. */
export function ReviewSheet({ open, dealId, peerName, revealBy, peerReviewed, onClose }: ReviewSheetProps) {
  const firstStar = useRef<HTMLInputElement>(null);
  return (
    <Sheet title={`评价${peerName}`} open={open} onClose={onClose} onOpened={() => firstStar.current?.focus()}>
      <ReviewForm
        dealId={dealId}
        revealBy={revealBy}
        peerReviewed={peerReviewed}
        firstStar={firstStar}
        onDone={onClose}
      />
    </Sheet>
  );
}

interface ReviewFormProps {
  dealId: string;
  revealBy: number | null;
  peerReviewed: boolean;
  firstStar: RefObject<HTMLInputElement | null>;
  onDone(): void;
}

/** The sheet's form, made afresh at each opening. */
function ReviewForm({ dealId, revealBy, peerReviewed, firstStar, onDone }: ReviewFormProps) {
  const [rating, setRating] = useState<number | null>(null);
  const [content, setContent] = useState("");
  const [missingRating, setMissingRating] = useState(false);
  const [createReview, { isLoading }] = useCreateReviewMutation();
  const errorId = useId();
  const textId = useId();
  const ruleId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    if (rating === null) {
      setMissingRating(true);
      firstStar.current?.focus();
      return;
    }
    const result = await createReview({ dealId, rating, content: content.trim() });
    if ("error" in result) {
      message.error(errorText(result.error));
      return;
    }
    // Double-blind: the seller page does not change yet, and the toast says why.
    message.success(
      peerReviewed || revealBy === null ? "评价成功，双方的评价已公开" : `已评价 · ${hiddenReviewNote(revealBy)}`,
    );
    onDone();
  };

  return (
    <form className={styles.reviewSheet} onSubmit={submit} noValidate>
      <StarPicker
        value={rating}
        onChange={(value) => {
          setRating(value);
          setMissingRating(false);
        }}
        firstStar={firstStar}
        invalid={missingRating}
        describedBy={missingRating ? errorId : undefined}
      />
      {missingRating && (
        <div id={errorId} className={styles.reviewSheetError} role="alert">
          请先选择评分
        </div>
      )}
      <label htmlFor={textId} className={styles.reviewSheetLabel}>
        说说这次交易（选填）
      </label>
      <Input.TextArea
        id={textId}
        className={styles.reviewSheetText}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        placeholder="描述相符吗？沟通顺利吗？"
        maxLength={TradeLimits.reviewTextMax}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
      />
      <p id={ruleId} className={styles.reviewSheetRule}>
        {peerReviewed ? "对方已评价：你提交后，双方的评价同时公开" : revealRule(revealBy)}
      </p>
      <Button type="primary" htmlType="submit" size="large" block loading={isLoading} aria-describedby={ruleId}>
        提交评价
      </Button>
    </form>
  );
}
