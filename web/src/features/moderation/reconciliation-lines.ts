import type {
  RECONCILIATION_PROBLEMS,
  ReconciliationDay,
  ReconciliationMismatch,
  ReconciliationProblem,
} from "@xianzhi/contract";
import { formatPrice } from "../../components/format";

/**
 * The contract's words for each problem (RECONCILIATION_PROBLEMS). It lives beside the schemas, out
 * of the web app's schema-free entry, so the words are written again here; their type is the
 * contract's own, exact strings, so a word changed on one side and not the other fails to compile.
 */
const PROBLEM_WORDS: typeof RECONCILIATION_PROBLEMS = {
  missing_in_ledger: "支付机构有记录，账本没有",
  missing_at_provider: "账本有记录，支付机构账单没有",
  amount_differs: "金额不一致",
};

/** The movements of money, as a moderator names them. */
const KIND_WORDS: Record<ReconciliationMismatch["kind"], string> = {
  pay: "付款",
  refund: "退款",
  release: "打款给卖家",
};

const PROVIDER_NAMES: Record<string, string> = { sandbox: "沙箱支付", alipay: "支付宝" };

export const problemWords = (problem: ReconciliationProblem): string => PROBLEM_WORDS[problem];

/** An amount of one side's books, or "—" where that side has no record of the movement. */
export const amountText = (cents: number | null): string => (cents === null ? "—" : formatPrice(cents));

/** What a reconciled day's heading says: the day, what was compared, and what did not match. */
export interface DayHeadline {
  day: string;
  /** 支付宝, 沙箱支付, or the provider's own name when the app knows no other. */
  provider: string;
  /** 已核对 N 笔; null when nothing could be compared. */
  checked: string | null;
  /** 不一致 N 笔, shown in red; null when everything matched. */
  mismatched: string | null;
  /** 支付机构账单暂不可用, shown in grey, when the provider's bill could not be had. */
  unavailable: string | null;
  /** 打款给卖家不在支付机构账单中，未核对: kinds the bill does not list, in grey; null when all were compared. */
  unchecked: string | null;
}

function uncheckedWords(day: ReconciliationDay): string | null {
  if (day.uncheckedKinds.length === 0) return null;
  return `${day.uncheckedKinds.map((kind) => KIND_WORDS[kind]).join("、")}不在支付机构账单中，未核对`;
}

export function dayHeadline(day: ReconciliationDay): DayHeadline {
  const provider = PROVIDER_NAMES[day.provider] ?? day.provider;
  if (day.outcome === "no_statement") {
    return {
      day: day.day,
      provider,
      checked: null,
      mismatched: null,
      unavailable: "支付机构账单暂不可用",
      unchecked: null,
    };
  }
  return {
    day: day.day,
    provider,
    checked: `已核对 ${day.matched} 笔`,
    mismatched: day.mismatched > 0 ? `不一致 ${day.mismatched} 笔` : null,
    unavailable: null,
    unchecked: uncheckedWords(day),
  };
}

/** One movement the two books disagree on, as its line shows it. */
export interface MismatchLine {
  /** Unique within its day: the provider's bill and the ledger are compared by kind and number. */
  key: string;
  kind: string;
  paymentRef: string;
  problem: string;
  /** 账本 ¥x / 支付机构 ¥y, "—" for the side with no record. */
  amounts: string;
  /** 订单号 N, as text: a moderator cannot open another person's order page. Null for no order. */
  order: string | null;
}

export function mismatchLine(mismatch: ReconciliationMismatch): MismatchLine {
  return {
    key: `${mismatch.kind} ${mismatch.paymentRef}`,
    kind: KIND_WORDS[mismatch.kind],
    paymentRef: mismatch.paymentRef,
    problem: problemWords(mismatch.problem),
    amounts: `账本 ${amountText(mismatch.ledgerCents)} / 支付机构 ${amountText(mismatch.providerCents)}`,
    order: mismatch.orderId === null ? null : `订单号 ${mismatch.orderId}`,
  };
}
