import type { Refund } from "@xianzhi/contract";
import { DISPUTE_RULINGS, formatPrice, REFUND_STATUSES, type RefundTransition } from "@xianzhi/contract/constants";
import { durationText } from "../orders";

type Side = "buyer" | "seller";
type BannerFields = Pick<
  Refund,
  | "status"
  | "kind"
  | "role"
  | "amountCents"
  | "offeredCents"
  | "refundCents"
  | "ruling"
  | "dueAt"
  | "dueTransition"
  | "endedBy"
>;

/** Why a request closed without a ruling: the buyer withdrew it, or did not ship the goods back in time. */
function closedWords(refund: BannerFields): string {
  const goesOn = "订单照常进行（同一订单不能再次申请退款）";
  if (refund.endedBy === "withdraw") return `买家已撤销退款申请，${goesOn}`;
  if (refund.endedBy === "returnLapsed") return `买家未在期限内寄回商品，退款已关闭，${goesOn}`;
  return `退款已关闭，${goesOn}`;
}

/** The banner atop a refund's page: its state, what happens next (and who does it), and its deadline. */
export interface RefundBanner {
  title: string;
  /** What happens next, in the words of the side reading it. */
  next: string;
  /** The running timer counted down, and what it does; null when none runs. */
  deadline: string | null;
}

/** What a timer does when it runs out, as each side reads it, with the time left. */
const TIMER_WORDS: Partial<Record<RefundTransition, { running(left: string, side: Side): string; outcome: string }>> = {
  autoAgree: {
    running: (left, side) =>
      side === "seller" ? `请在 ${left}内处理，超时将自动同意退款` : `卖家 ${left}内未处理将自动同意退款`,
    outcome: "自动同意退款",
  },
  autoAgreeReturn: {
    running: (left, side) =>
      side === "seller"
        ? `请在 ${left}内处理，超时将自动同意退货，退货地址为你的默认地址`
        : `卖家 ${left}内未处理将自动同意退货`,
    outcome: "自动同意退货",
  },
  noAgreement: {
    running: (left) => `${left}内未达成一致，将由平台介入处理`,
    outcome: "转平台介入",
  },
  returnLapsed: {
    running: (left, side) =>
      side === "buyer" ? `请在 ${left}内寄回并填写退货单号，超时退款将关闭` : `买家 ${left}内未寄回，退款将关闭`,
    outcome: "关闭退款",
  },
  autoReceiveReturn: {
    running: (left, side) =>
      side === "seller" ? `请在 ${left}内确认收货，超时将自动退款给买家` : `卖家 ${left}内未确认收货将自动退款`,
    outcome: "自动退款",
  },
};

/** The running timer in the reader's words: "卖家 2 天 3 小时内未处理将自动同意退款"; "即将…" once due. */
export function refundDeadline(refund: Pick<Refund, "dueAt" | "dueTransition" | "role">, now: number): string | null {
  if (refund.dueAt === null || refund.dueTransition === null) return null;
  const words = TIMER_WORDS[refund.dueTransition];
  if (!words) return null;
  const left = Date.parse(refund.dueAt) - now;
  // A moderator reads a dispute's page as the platform: the timers speak to the two sides.
  const side: Side = refund.role === "seller" ? "seller" : "buyer";
  return left <= 0 ? `即将${words.outcome}` : words.running(durationText(left), side);
}

/** What happens next in each state, as the buyer and the seller read it. */
function nextWords(refund: BannerFields): string {
  const seller = refund.role === "seller";
  const isReturn = refund.kind === "return";
  switch (refund.status) {
    case "requested":
      return seller
        ? `买家申请${isReturn ? "退货退款" : "退款"} ${formatPrice(refund.amountCents)}，请同意、部分同意或拒绝`
        : "等待卖家处理你的退款申请";
    case "countered": {
      const offered = formatPrice(refund.offeredCents ?? 0);
      return seller
        ? `你同意退款 ${offered}，等待买家确认`
        : `卖家同意退款 ${offered}（你申请 ${formatPrice(refund.amountCents)}），接受${isReturn ? "后寄回商品" : "即退款"}，或申请平台介入`;
    }
    case "refused":
      return seller ? "你已拒绝退款，买家可撤销申请或申请平台介入" : "卖家拒绝了退款，你可以撤销申请或申请平台介入";
    case "awaiting_return":
      return seller ? "等待买家寄回商品" : "卖家已同意退货，请按下方地址寄回商品并填写退货单号";
    case "return_shipped":
      return seller ? "买家已寄回商品，收到并确认无误后退款给买家" : "等待卖家确认收到退货，确认后退款原路退回";
    case "disputed":
      return refund.role === "moderator" ? "等待裁决" : "平台介入处理中，核实双方说明和凭证后作出裁决";
    case "refunded":
      return `${formatPrice(refund.refundCents ?? refund.amountCents)} 已原路退回买家`;
    case "closed":
      return refund.ruling ? `平台裁决：${DISPUTE_RULINGS[refund.ruling.ruling]}` : closedWords(refund);
  }
}

export function refundBanner(refund: BannerFields, now: number): RefundBanner {
  return { title: REFUND_STATUSES[refund.status], next: nextWords(refund), deadline: refundDeadline(refund, now) };
}

/**
 * A button of a refund's page. Several transitions share one: the seller's 同意 is agree (仅退款) or
 * agreeReturn (退货退款), the buyer's 接受 accept or acceptReturn; 补充说明 is no transition but the
 * one statement each side may add while the platform rules.
 */
export type RefundButton =
  | "agree"
  | "counter"
  | "refuse"
  | "accept"
  | "shipReturn"
  | "receiveReturn"
  | "rejectReturn"
  | "escalate"
  | "statement"
  | "withdraw";

/** Each button and the transitions that show it, in the order the page lists them: what moves it on first. */
const BUTTON_TRANSITIONS: [RefundButton, readonly RefundTransition[]][] = [
  ["agree", ["agree", "agreeReturn"]],
  ["counter", ["counter"]],
  ["accept", ["accept", "acceptReturn"]],
  ["shipReturn", ["shipReturn"]],
  ["receiveReturn", ["receiveReturn"]],
  ["rejectReturn", ["rejectReturn"]],
  ["refuse", ["refuse"]],
  ["escalate", ["escalate"]],
  ["withdraw", ["withdraw"]],
];

/** The buttons the caller has now: those `actions` allow, and 补充说明 while disputed and not yet said. */
export function refundButtons(
  refund: Pick<Refund, "actions" | "status" | "statementAllowed" | "role">,
): RefundButton[] {
  const buttons = BUTTON_TRANSITIONS.filter(([, transitions]) =>
    transitions.some((transition) => refund.actions.includes(transition)),
  ).map(([button]) => button);
  const statement = refund.status === "disputed" && refund.statementAllowed && refund.role !== "moderator";
  return statement ? [...buttons, "statement"] : buttons;
}

/** The one button in colour: what moves the request on for the caller. */
const PRIMARY: readonly RefundButton[] = ["agree", "accept", "shipReturn", "receiveReturn", "statement"];

export function primaryButton(buttons: readonly RefundButton[]): RefundButton | null {
  return PRIMARY.find((button) => buttons.includes(button)) ?? null;
}

/** A button's words; 同意 names what the seller agrees to. */
export function refundButtonLabel(button: RefundButton, refund: Pick<Refund, "kind">): string {
  switch (button) {
    case "agree":
      return refund.kind === "return" ? "同意退货" : "同意退款";
    case "counter":
      return "同意部分退款";
    case "refuse":
      return "拒绝";
    case "accept":
      return "接受";
    case "shipReturn":
      return "填写退货单号";
    case "receiveReturn":
      return "确认收到退货";
    case "rejectReturn":
      return "退货有问题";
    case "escalate":
      return "申请平台介入";
    case "statement":
      return "补充说明";
    case "withdraw":
      return "撤销申请";
  }
}

/** Who said it, and in what part of the request. */
export const WORDS_SIDES = { buyer: "买家", seller: "卖家" } as const;
export const WORDS_KINDS = {
  request: "申请退款",
  refusal: "拒绝退款",
  return_rejected: "退货有问题",
  statement: "补充说明",
} as const;

/** A side's words as sent, or why they cannot be: said, and within the limit the server checks. */
export function checkWords(typed: string, maxLength: number): { text: string } | { error: string } {
  const text = typed.trim();
  if (text === "") return { error: "请填写说明" };
  if (text.length > maxLength) return { error: `最多 ${maxLength} 个字` };
  return { text };
}
