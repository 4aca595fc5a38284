import { ORDER_STATUSES, type OrderStatus, OrderTimerDefaults } from "./orders.js";
import { REFUND_STATUSES, type RefundStatus, RefundTimerDefaults } from "./refunds.js";
import { DEAL_STATUSES, type DealStatus, OFFER_STATUSES, type OfferStatus, TradeLimits } from "./trade.js";

/**
 * The trade processes as data, as Sharetribe's transaction processes are: each lists its states,
 * and for each transition the states it leaves, the state it reaches, who may take it and, for a
 * timer, when it fires. The server refuses a transition the process does not allow (offer-rules.ts,
 * deal-service.ts), the web shows the buttons it allows (chat/offer-rules.ts, chat/deal-bar.tsx),
 * and the README's diagrams are drawn from it (npm run docs:processes; a test fails when stale).
 */
export interface TradeTransition<State extends string, Actor extends string> {
  /** What it is, in the words of the README's diagram. */
  readonly label: string;
  readonly from: readonly State[];
  readonly to: State;
  /**
   * Who takes it: a party by their role, `timer` when its time comes (`afterHours` after the state
   * was entered), `system` when another transition does it for them (accepting an offer declines
   * the goods' others; a block closes the offers between the two).
   */
  readonly by: readonly (Actor | "timer" | "system")[];
  readonly afterHours?: number;
}

export interface TradeProcess<State extends string, Actor extends string, Name extends string> {
  readonly name: string;
  /** The state it starts in, and how it gets there. */
  readonly initial: State;
  readonly startsWhen: string;
  /** Each state and its label on screen. */
  readonly states: Readonly<Record<State, string>>;
  /** Each party's role, as the diagram names it. */
  readonly actors: Readonly<Record<Actor, string>>;
  readonly transitions: Readonly<Record<Name, TradeTransition<State, Actor>>>;
}

/** An offer's two sides: who made it (the buyer, or the seller for a counter-offer) and who it was made to. */
export type OfferActor = "maker" | "recipient";
/** Who may take a deal's transitions. */
export type DealActor = "buyer" | "seller";

export const OFFER_PROCESS = {
  name: "offer",
  initial: "open",
  startsWhen: "a buyer offers a price (出价), or a seller counters one (还价)",
  states: OFFER_STATUSES,
  actors: { maker: "who made it", recipient: "who it was made to" },
  transitions: {
    accept: {
      label: "a deal starts, the goods are reserved",
      from: ["open"],
      to: "accepted",
      by: ["recipient"],
    },
    decline: {
      label: "by hand, or for the maker blocked, or when another offer for the goods is accepted",
      from: ["open"],
      to: "declined",
      by: ["recipient", "system"],
    },
    counter: { label: "answered with another price, a new offer", from: ["open"], to: "countered", by: ["recipient"] },
    withdraw: {
      label: "by hand, or for the maker blocking the other side",
      from: ["open"],
      to: "withdrawn",
      by: ["maker", "system"],
    },
    expire: {
      label: "left unanswered",
      from: ["open"],
      to: "expired",
      by: ["timer"],
      afterHours: TradeLimits.offerHours,
    },
  },
} as const satisfies TradeProcess<OfferStatus, OfferActor, string>;

export const DEAL_PROCESS = {
  name: "deal",
  initial: "reserved",
  startsWhen: "an offer is accepted",
  states: DEAL_STATUSES,
  actors: { buyer: "the buyer", seller: "the seller" },
  transitions: {
    complete: {
      label: "the goods are sold (by the seller, or when the deal's protected order succeeds)",
      from: ["reserved"],
      to: "completed",
      by: ["seller", "system"],
    },
    cancel: {
      label: "the goods are on sale again (by either side, or when the deal's protected order closes)",
      from: ["reserved"],
      to: "cancelled",
      by: ["buyer", "seller", "system"],
    },
  },
} as const satisfies TradeProcess<DealStatus, DealActor, string>;

/** Who may take an order's transitions. */
export type OrderActor = "buyer" | "seller";

const HOURS_PER_DAY = 24;

/**
 * A protected order (担保交易). `system` here is the payment provider's verified word (a signed
 * webhook, or its answer when polled). The timers' hours are the defaults; the server's settings
 * may change each (ORDER_* in the environment). A closed order refunds what the provider holds;
 * a completed one releases it to the seller.
 */
export const ORDER_PROCESS = {
  name: "order",
  initial: "awaiting_payment",
  startsWhen: "the buyer presses 立即购买 at the price, or pays a deal their accepted offer started",
  states: ORDER_STATUSES,
  actors: { buyer: "the buyer", seller: "the seller" },
  transitions: {
    pay: {
      label: "the provider confirms the payment; it holds the money",
      from: ["awaiting_payment"],
      to: "paid",
      by: ["system"],
    },
    cancel: {
      label: "called off before paying; the goods are on sale again",
      from: ["awaiting_payment"],
      to: "closed",
      by: ["buyer", "seller"],
    },
    expire: {
      label: "left unpaid; the goods are on sale again",
      from: ["awaiting_payment"],
      to: "closed",
      by: ["timer"],
      afterHours: OrderTimerDefaults.paymentMinutes / 60,
    },
    ship: {
      label: "shipped with a tracking number, or ready to hand over (面交)",
      from: ["paid"],
      to: "shipped",
      by: ["seller"],
    },
    requestCancel: {
      label: "the buyer asks to cancel; the seller has a day to ship instead",
      from: ["paid"],
      to: "paid",
      by: ["buyer"],
    },
    refund: {
      label: "the seller cancels, or grants the buyer's request; the buyer is refunded",
      from: ["paid"],
      to: "closed",
      by: ["seller"],
    },
    grantCancel: {
      label: "the buyer's request is left unanswered; the buyer is refunded",
      from: ["paid"],
      to: "closed",
      by: ["timer"],
      afterHours: OrderTimerDefaults.cancelRequestHours,
    },
    shipDeadline: {
      label: "not shipped in time; the buyer is refunded",
      from: ["paid"],
      to: "closed",
      by: ["timer"],
      afterHours: OrderTimerDefaults.shipHours,
    },
    extend: {
      label: "the buyer takes more time to receive, once",
      from: ["shipped"],
      to: "shipped",
      by: ["buyer"],
    },
    confirm: {
      label: "the buyer confirms receipt (确认收货); the money is released to the seller",
      from: ["shipped"],
      to: "completed",
      by: ["buyer"],
    },
    pickup: {
      label: "面交: the seller enters the buyer's pickup code; the money is released",
      from: ["shipped"],
      to: "completed",
      by: ["seller"],
    },
    autoConfirm: {
      label: "not confirmed in time; the money is released to the seller",
      from: ["shipped"],
      to: "completed",
      by: ["timer"],
      afterHours: OrderTimerDefaults.receiveDays * HOURS_PER_DAY,
    },
    requestRefund: {
      label: "the buyer asks for a refund (REFUND_PROCESS), once; the receiving timer pauses",
      from: ["shipped"],
      to: "shipped",
      by: ["buyer"],
    },
    resumeReceiving: {
      label: "the refund request closed; the receiving timer runs on from where it paused",
      from: ["shipped"],
      to: "shipped",
      by: ["system"],
    },
    refundAfterSale: {
      label: "the refund request ends refunded in full; the buyer is refunded",
      from: ["shipped"],
      to: "closed",
      by: ["system"],
    },
    refundPart: {
      label: "the refund request ends refunded in part; the rest is released to the seller",
      from: ["shipped"],
      to: "completed",
      by: ["system"],
    },
    releaseByRuling: {
      label: "the platform rules for the seller; the money is released",
      from: ["shipped"],
      to: "completed",
      by: ["system"],
    },
  },
} as const satisfies TradeProcess<OrderStatus, OrderActor, string>;

/** Who may take a refund request's transitions: the order's two sides and the platform's moderators. */
export type RefundActor = "buyer" | "seller" | "moderator";

/**
 * A refund request after the goods were shipped (售后: 仅退款 or 退货退款), while the order waits to
 * be received: its receiving timer pauses until the request ends. The timers' hours are the
 * defaults (REFUND_* in the environment). Where two transitions share a name but for `Return`, the
 * first is taken for 仅退款 and the second for 退货退款.
 */
export const REFUND_PROCESS = {
  name: "refund",
  initial: "requested",
  startsWhen: "the buyer of a shipped order asks for a refund, with a reason, an amount and photos",
  states: REFUND_STATUSES,
  actors: { buyer: "the buyer", seller: "the seller", moderator: "a moderator" },
  transitions: {
    agree: {
      label: "仅退款: the seller agrees; the buyer is refunded",
      from: ["requested"],
      to: "refunded",
      by: ["seller"],
    },
    agreeReturn: {
      label: "退货退款: the seller agrees and gives the return address",
      from: ["requested"],
      to: "awaiting_return",
      by: ["seller"],
    },
    counter: {
      label: "the seller agrees to part of the amount; the buyer decides",
      from: ["requested"],
      to: "countered",
      by: ["seller"],
    },
    refuse: {
      label: "the seller refuses, with a reason and photos",
      from: ["requested"],
      to: "refused",
      by: ["seller"],
    },
    autoAgree: {
      label: "仅退款 left unanswered: agreed, the buyer is refunded",
      from: ["requested"],
      to: "refunded",
      by: ["timer"],
      afterHours: RefundTimerDefaults.answerHours,
    },
    autoAgreeReturn: {
      label: "退货退款 left unanswered: agreed, to the seller's default address",
      from: ["requested"],
      to: "awaiting_return",
      by: ["timer"],
      afterHours: RefundTimerDefaults.answerHours,
    },
    accept: { label: "仅退款: the buyer takes the part offered", from: ["countered"], to: "refunded", by: ["buyer"] },
    acceptReturn: {
      label: "退货退款: the buyer takes the part offered and returns the goods",
      from: ["countered"],
      to: "awaiting_return",
      by: ["buyer"],
    },
    escalate: {
      label: "either side asks the platform to rule (平台介入)",
      from: ["countered", "refused"],
      to: "disputed",
      by: ["buyer", "seller"],
    },
    noAgreement: {
      label: "no agreement in time after the request: the platform rules",
      from: ["countered", "refused"],
      to: "disputed",
      by: ["timer"],
      afterHours: RefundTimerDefaults.agreementDays * HOURS_PER_DAY,
    },
    withdraw: {
      label: "the buyer withdraws; the order goes on",
      from: ["requested", "countered", "refused", "awaiting_return"],
      to: "closed",
      by: ["buyer"],
    },
    shipReturn: {
      label: "the buyer ships the goods back with a tracking number",
      from: ["awaiting_return"],
      to: "return_shipped",
      by: ["buyer"],
    },
    returnLapsed: {
      label: "not shipped back in time: the request closes, the order goes on",
      from: ["awaiting_return"],
      to: "closed",
      by: ["timer"],
      afterHours: RefundTimerDefaults.returnDays * HOURS_PER_DAY,
    },
    receiveReturn: {
      label: "the seller has the goods back; the buyer is refunded",
      from: ["return_shipped"],
      to: "refunded",
      by: ["seller"],
    },
    autoReceiveReturn: {
      label: "the return not confirmed in time: the buyer is refunded",
      from: ["return_shipped"],
      to: "refunded",
      by: ["timer"],
      afterHours: RefundTimerDefaults.receiveReturnDays * HOURS_PER_DAY,
    },
    rejectReturn: {
      label: "the seller says the goods came back wrong: the platform rules",
      from: ["return_shipped"],
      to: "disputed",
      by: ["seller"],
    },
    ruleRefund: {
      label: "a moderator rules a refund, in full or split",
      from: ["disputed"],
      to: "refunded",
      by: ["moderator"],
    },
    ruleRelease: {
      label: "a moderator rules for the seller; the money is released",
      from: ["disputed"],
      to: "closed",
      by: ["moderator"],
    },
  },
} as const satisfies TradeProcess<RefundStatus, RefundActor, string>;

export type RefundTransition = keyof typeof REFUND_PROCESS.transitions;

export type OrderTransition = keyof typeof ORDER_PROCESS.transitions;

export type OfferTransition = keyof typeof OFFER_PROCESS.transitions;
export type DealTransition = keyof typeof DEAL_PROCESS.transitions;

type AnyProcess = TradeProcess<string, string, string>;
type TransitionOf<P extends AnyProcess> = keyof P["transitions"] & string;
type ActorOf<P extends AnyProcess> = keyof P["actors"] & string;

type Taker<P extends AnyProcess> = ActorOf<P> | "timer" | "system";

const stepOf = <P extends AnyProcess>(process: P, transition: TransitionOf<P>) =>
  process.transitions[transition] as TradeTransition<string, string>;

/** Whether `actor` is one who takes `transition` of `process`, in whatever state it is. */
export function isTakenBy<P extends AnyProcess>(process: P, transition: TransitionOf<P>, actor: Taker<P>): boolean {
  return stepOf(process, transition).by.includes(actor);
}

/** Whether `actor` may take `transition` of `process` from `state`. */
export function mayTake<P extends AnyProcess>(
  process: P,
  transition: TransitionOf<P>,
  state: string,
  actor: Taker<P>,
): boolean {
  return stepOf(process, transition).from.includes(state) && isTakenBy(process, transition, actor);
}

/** The transitions a party may take by hand from `state`, in the order the process lists them. */
export function nextActions<P extends AnyProcess>(process: P, state: string, actor: ActorOf<P>): TransitionOf<P>[] {
  return (Object.keys(process.transitions) as TransitionOf<P>[]).filter((name) => mayTake(process, name, state, actor));
}
