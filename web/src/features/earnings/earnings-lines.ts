import type { EarningsFigures, EarningsOrder } from "@xianzhi/contract";
import { formatPrice } from "../../components/format";

type FigureKey = keyof EarningsFigures;

/** The figures' names, in the order a seller reads them: what is coming, what came, what went back, the fee. */
const FIGURES: { key: FigureKey; label: string }[] = [
  { key: "heldCents", label: "待结算" },
  { key: "releasedCents", label: "已到账" },
  { key: "refundedCents", label: "已退款" },
  { key: "feeCents", label: "平台服务费" },
];

export interface FigureLine {
  key: FigureKey;
  label: string;
  /** The amount as the screens write one (¥45, ¥1,280.50). */
  amount: string;
}

const lineOf = (figures: EarningsFigures, { key, label }: (typeof FIGURES)[number]): FigureLine => ({
  key,
  label,
  amount: formatPrice(figures[key]),
});

/** The four totals, each shown even at ¥0: the grid keeps its places. */
export function totalLines(totals: EarningsFigures): FigureLine[] {
  return FIGURES.map((figure) => lineOf(totals, figure));
}

/** What a paid order's money came to, without the figures it has none of. */
export function orderFigureLines(order: EarningsFigures): FigureLine[] {
  return FIGURES.filter(({ key }) => order[key] !== 0).map((figure) => lineOf(order, figure));
}

const two = (value: number) => String(value).padStart(2, "0");

/** The day an order was paid, as 2025-03-08 (the order page's timeline writes its times so). */
export function paidDay(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** Whether the money waits for the seller's payout account: the line then leads to where it is set. */
export function waitsForPayoutAccount(order: Pick<EarningsOrder, "waitingFor">): boolean {
  return order.waitingFor === "payout_account";
}
