import type { FailedSettlement } from "@xianzhi/contract";
import { formatPrice, formatTime } from "../../components/format";

/** A failed settlement as its line in 打款失败 shows it. */
export interface SettlementLine {
  key: string;
  title: string;
  /** What the provider was asked to move: 退款给买家 ¥x, 打款给卖家 ¥y, or both for a split. */
  owed: string;
  /** 已尝试 N 次. */
  attempts: string;
  /** 最后尝试 3 小时前; null when the server knows no time. */
  lastTried: string | null;
}

const refundWords = (settlement: FailedSettlement) => `退款给买家 ${formatPrice(settlement.refundCents)}`;
const releaseWords = (settlement: FailedSettlement) => `打款给卖家 ${formatPrice(settlement.releaseCents)}`;

/** Who is owed what, in the words of the movement the provider refused. */
export function owedWords(settlement: FailedSettlement): string {
  if (settlement.kind === "refund") return refundWords(settlement);
  if (settlement.kind === "release") return releaseWords(settlement);
  return `${refundWords(settlement)}，${releaseWords(settlement)}`;
}

export function settlementLine(settlement: FailedSettlement, now = Date.now()): SettlementLine {
  return {
    key: settlement.orderId,
    title: settlement.goodsTitle,
    owed: owedWords(settlement),
    attempts: `已尝试 ${settlement.attempts} 次`,
    lastTried: settlement.lastTriedAt === null ? null : `最后尝试 ${formatTime(settlement.lastTriedAt, now)}`,
  };
}
