import type { DisputeRuling, DisputeRulingBody, TradeHistory } from "@xianzhi/contract";
import { RefundLimits } from "@xianzhi/contract/constants";
import { checkRefundAmount } from "../orders";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a dispute has waited for a ruling, in its largest unit: 等待 2 天, 等待 5 小时, 等待 12 分钟. */
export function waitingText(disputedAt: string, now: number): string {
  const waited = Math.max(0, now - Date.parse(disputedAt));
  if (waited >= DAY) return `等待 ${Math.floor(waited / DAY)} 天`;
  if (waited >= HOUR) return `等待 ${Math.floor(waited / HOUR)} 小时`;
  return `等待 ${Math.max(1, Math.floor(waited / MINUTE))} 分钟`;
}

/** The ruling form as typed: the split's amount in yuan. */
export interface RulingForm {
  ruling: DisputeRuling | undefined;
  amount: string;
  reason: string;
}

export type RulingErrors = Partial<Record<"ruling" | "amount" | "reason", string>>;

/**
 * The ruling as sent, or why it cannot be: a split gives back more than 0 and less than was paid
 * (all of it is 全额退款, none 货款给卖家); every ruling gives both sides its reason.
 */
export function checkRuling(
  form: RulingForm,
  paidCents: number,
): { body: DisputeRulingBody } | { errors: RulingErrors } {
  const errors: RulingErrors = {};
  if (!form.ruling) errors.ruling = "请选择裁决结果";
  const split = form.ruling === "split" ? checkRefundAmount(form.amount, paidCents, true) : null;
  if (split && "error" in split) errors.amount = split.error;
  const reason = form.reason.trim();
  if (reason.length < RefundLimits.rulingReasonMin)
    errors.reason = `请写明裁决理由，至少 ${RefundLimits.rulingReasonMin} 个字`;
  else if (reason.length > RefundLimits.rulingReasonMax) errors.reason = `最多 ${RefundLimits.rulingReasonMax} 个字`;
  if (!form.ruling || Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      ruling: form.ruling,
      reason,
      ...(split && "amountCents" in split ? { refundCents: split.amountCents } : {}),
    },
  };
}

/** What the buyer gets back under a ruling, for the confirmation. */
export function rulingRefundCents(body: DisputeRulingBody, paidCents: number): number {
  if (body.ruling === "refund") return paidCents;
  if (body.ruling === "split") return body.refundCents ?? 0;
  return 0;
}

/** A side's record on Xianzhi, as a ruling weighs it: deals done, refunds asked, disputes won and lost. */
export function historyLine(history: TradeHistory): string {
  return [
    `成交 ${history.completedSales + history.completedPurchases}`,
    `退款 ${history.refunds}`,
    `纠纷 胜 ${history.disputesWon} 负 ${history.disputesLost}`,
  ].join(" · ");
}
