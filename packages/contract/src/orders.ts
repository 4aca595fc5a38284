import { CurrentPasswordSchema, PublicUserSchema } from "./accounts.js";
import { ChatGoodsSchema } from "./chat.js";
import { PageQuerySchema, pageOf } from "./envelope.js";
import { IdSchema, text } from "./fields.js";
import {
  CARRIERS,
  type Carrier,
  CLOSE_REASONS,
  type CloseReason,
  DELIVERY_METHODS,
  type DeliveryMethod,
  ORDER_ROLES,
  ORDER_STATUSES,
  OrderLimits,
  type OrderRole,
  type OrderStatus,
  PAYOUT_ACCOUNT_PATTERN,
  PHONE_PATTERN,
} from "./values/orders.js";
import { ORDER_PROCESS, type OrderTransition } from "./values/processes.js";
import { REFUND_KINDS, REFUND_STATUSES, type RefundKind, type RefundStatus } from "./values/refunds.js";
import { z } from "./zod.js";

/** Protected orders (担保交易), the address book and the payment's pages. Amounts are in fen. */

const keysOf = <T extends Record<string, unknown>>(values: T) =>
  Object.keys(values) as [keyof T & string, ...(keyof T & string)[]];

export const OrderStatusSchema = z.enum(keysOf(ORDER_STATUSES) as [OrderStatus, ...OrderStatus[]]);
export const OrderRoleSchema = z.enum(keysOf(ORDER_ROLES) as [OrderRole, ...OrderRole[]]);
export const DeliveryMethodSchema = z.enum(keysOf(DELIVERY_METHODS) as [DeliveryMethod, ...DeliveryMethod[]]);
export const CarrierSchema = z.enum(keysOf(CARRIERS) as [Carrier, ...Carrier[]]);
export const CloseReasonSchema = z.enum(keysOf(CLOSE_REASONS) as [CloseReason, ...CloseReason[]]);
export const OrderTransitionSchema = z.enum(
  keysOf(ORDER_PROCESS.transitions) as [OrderTransition, ...OrderTransition[]],
);

export const RefundStatusSchema = z.enum(keysOf(REFUND_STATUSES) as [RefundStatus, ...RefundStatus[]]);
export const RefundKindSchema = z.enum(keysOf(REFUND_KINDS) as [RefundKind, ...RefundKind[]]);

/** What an order shows of its refund request (售后): the whole of it is GET /refunds/{id}. */
export const OrderRefundSchema = z.object({
  id: z.string(),
  status: RefundStatusSchema,
  kind: RefundKindSchema,
  amountCents: z.number().describe("What the buyer asked back."),
});
export type OrderRefund = z.infer<typeof OrderRefundSchema>;

/** A mainland mobile number: 11 digits starting with 1. */
const PhoneSchema = text().trim().regex(PHONE_PATTERN, "请输入 11 位手机号");

/** POST /addresses, PUT /addresses/{id}: one entry of the address book. */
export const AddressBodySchema = z
  .object({
    recipientName: text().trim().min(1, "请填写收货人").max(OrderLimits.recipientNameMax),
    phone: PhoneSchema,
    region: text().trim().min(1, "请填写所在地区").max(OrderLimits.regionMax).describe("省 市 区, as one line."),
    street: text().trim().min(1, "请填写详细地址").max(OrderLimits.streetMax),
    isDefault: z.boolean().default(false).describe("The one checkout picks first; setting it unsets the others."),
  })
  .strict();
export type AddressBody = z.infer<typeof AddressBodySchema>;

export const AddressSchema = z.object({
  id: z.string(),
  recipientName: z.string(),
  phone: z.string(),
  region: z.string(),
  street: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;
export const AddressListSchema = z.array(AddressSchema).describe("The caller's address book, the default first.");
export type AddressList = z.infer<typeof AddressListSchema>;

/**
 * POST /orders: 立即购买. The server sets the amount: the goods' price, or the amount of the offer
 * the seller accepted for this buyer (the deal that reserved the goods for them).
 */
export const CreateOrderBodySchema = z
  .object({
    goodsId: IdSchema,
    delivery: DeliveryMethodSchema,
    addressId: IdSchema.optional().describe("Required for `shipping`: an entry of the caller's address book."),
    amountCents: z
      .number()
      .int()
      .optional()
      .describe(
        "The total the buyer was shown (price and fee); an order whose total differs is refused (ORDER_AMOUNT_CHANGED).",
      ),
  })
  .strict();
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

/** POST /orders/{id}/ship: a tracking number for 快递, nothing for 面交. */
export const ShipOrderBodySchema = z
  .object({
    carrier: CarrierSchema.optional(),
    trackingNumber: text().trim().toUpperCase().max(OrderLimits.trackingNumberMax).optional(),
  })
  .strict();
export type ShipOrderBody = z.infer<typeof ShipOrderBodySchema>;

/** POST /orders/{id}/pickup: the seller enters the code the buyer shows at the meeting. */
export const PickupBodySchema = z
  .object({
    code: text()
      .trim()
      .max(OrderLimits.pickupCodeDigits * 2),
  })
  .strict();
export type PickupBody = z.infer<typeof PickupBodySchema>;

/** GET /orders?role=buyer|seller: 我买到的 / 我卖出的, newest first. */
export const OrdersQuerySchema = PageQuerySchema.extend({ role: OrderRoleSchema });
export type OrdersQuery = z.infer<typeof OrdersQuerySchema>;

export const OrderAddressSchema = AddressSchema.pick({ recipientName: true, phone: true, region: true, street: true });
export type OrderAddress = z.infer<typeof OrderAddressSchema>;

/** What else an order's timeline records besides its transitions: made, and the provider's steps. */
export const ORDER_EVENT_KINDS = [
  "create",
  "paymentFailed",
  "latePayment",
  "refunded",
  "released",
  "refundStep",
] as const;

export const OrderEventSchema = z.object({
  id: z.string(),
  transition: OrderTransitionSchema.or(z.enum(ORDER_EVENT_KINDS)).describe(
    "What happened: a transition of the order process, its making, a step of the provider's (a failed payment, a payment after the order closed, the refund, the release), or a step of its refund request.",
  ),
  actor: z.enum(["buyer", "seller", "timer", "system"]),
  status: OrderStatusSchema.describe("The state it left the order in."),
  note: z.string().describe("What the timeline shows, in Chinese."),
  createdAt: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

export const OrderSchema = z.object({
  id: z.string(),
  goods: ChatGoodsSchema,
  dealId: z.string().describe("The deal the order pays: its reviews open when the order succeeds."),
  chatId: z.string().describe("The chat between the two, where the order's cards show."),
  buyerId: z.string(),
  sellerId: z.string(),
  role: OrderRoleSchema.describe("The caller's side."),
  peer: PublicUserSchema,
  status: OrderStatusSchema,
  priceCents: z.number(),
  feeCents: z.number().describe("The buyer-protection fee, paid by the buyer on top of the price."),
  totalCents: z.number().describe("What the buyer pays: price and fee."),
  delivery: DeliveryMethodSchema,
  address: OrderAddressSchema.nullable().describe("Where to ship: shown to the seller only once paid."),
  carrier: CarrierSchema.nullable(),
  trackingNumber: z.string().nullable(),
  pickupCode: z.string().nullable().describe("面交: the code the buyer shows the seller; only the buyer sees it."),
  pickupTriesLeft: z.number().describe("Wrong pickup codes the seller may still enter."),
  payUrl: z.string().nullable().describe("Where the buyer pays, while it waits for payment; null to the seller."),
  cancelRequestedAt: z.string().nullable().describe("When the buyer asked to cancel the paid order."),
  extended: z.boolean().describe("Whether the buyer has taken the extra time to receive."),
  dueAt: z.string().nullable().describe("When the running timer fires; null in a final state."),
  dueTransition: OrderTransitionSchema.nullable().describe("What happens then."),
  closeReason: CloseReasonSchema.nullable(),
  refund: OrderRefundSchema.nullable().describe("The buyer's refund request, if one was made (one per order)."),
  actions: z.array(OrderTransitionSchema).describe("What the caller may do now, in the process's order."),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderDetailSchema = OrderSchema.extend({
  events: z.array(OrderEventSchema).describe("The timeline, oldest first."),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OrderPageSchema = pageOf(OrderSchema);
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** GET /orders/checkout?goodsId=: what the checkout screen shows before the order is made. */
export const CheckoutQuerySchema = z.object({ goodsId: IdSchema });
export type CheckoutQuery = z.infer<typeof CheckoutQuerySchema>;

export const CheckoutSchema = z.object({
  goods: ChatGoodsSchema,
  seller: PublicUserSchema,
  priceCents: z.number().describe("The goods' price, or the accepted offer's amount for its buyer."),
  feeCents: z.number(),
  totalCents: z.number(),
  fromOffer: z.boolean().describe("Whether the price is an accepted offer's."),
  addresses: AddressListSchema,
});
export type Checkout = z.infer<typeof CheckoutSchema>;

/**
 * The sandbox payment provider's pay page (PAYMENT_PROVIDER=sandbox, the default): what the buyer
 * is asked to pay, as a provider's cashier shows it. Its id is the unguessable part of the page's
 * address.
 */
export const SandboxPaymentSchema = z.object({
  id: z.string(),
  subject: z.string(),
  amountCents: z.number(),
  status: z.enum(["pending", "succeeded", "failed", "closed"]),
  returnUrl: z.string().describe("Where the page sends the buyer back to."),
});
export type SandboxPayment = z.infer<typeof SandboxPaymentSchema>;

export const SandboxPaymentParamsSchema = z.object({ paymentId: text().trim().min(1).max(64) });
export type SandboxPaymentParams = z.infer<typeof SandboxPaymentParamsSchema>;

/**
 * GET/PUT /user/payout-account: where the seller is paid when the provider pays sellers to an
 * account of their own (Alipay: a 2088… user id, or the phone or e-mail they sign in with).
 */
export const PayoutAccountBodySchema = z
  .object({
    alipayAccount: text()
      .trim()
      .regex(PAYOUT_ACCOUNT_PATTERN, "请填写支付宝账号（手机号、邮箱或 2088 开头的 16 位用户号）"),
    password: CurrentPasswordSchema.describe(
      "The current password: a signed-in browser left open cannot send the seller's money elsewhere.",
    ),
  })
  .strict();
export type PayoutAccountBody = z.infer<typeof PayoutAccountBodySchema>;

export const PayoutAccountSchema = z.object({
  alipayAccount: z.string().nullable().describe("Null until the seller sets it."),
  required: z
    .boolean()
    .describe("Whether the payment provider needs it to pay the seller (Alipay does; the sandbox does not)."),
});
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;

/** A seller's money from protected sales, as the ledger has it, to the fen. */
export const EarningsFiguresSchema = z.object({
  heldCents: z.number().describe("Paid by buyers and held by the provider: neither released nor refunded yet."),
  releasedCents: z.number().describe("Released to the seller."),
  refundedCents: z.number().describe("Refunded to buyers."),
  feeCents: z.number().describe("Buyer-protection fees the platform took (paid by buyers on top of the price)."),
});
export type EarningsFigures = z.infer<typeof EarningsFiguresSchema>;

export const EarningsOrderSchema = EarningsFiguresSchema.extend({
  orderId: z.string(),
  goods: ChatGoodsSchema,
  status: OrderStatusSchema,
  priceCents: z.number(),
  paidAt: z.string(),
  completedAt: z.string().nullable(),
  waitingFor: z
    .enum(["payout_account", "provider"])
    .nullable()
    .describe(
      "What money owed to the seller waits for: their payout account, or the provider's retry; null when nothing is owed.",
    ),
  waiting: z.string().nullable().describe("The same in Chinese, as the screen says it."),
});
export type EarningsOrder = z.infer<typeof EarningsOrderSchema>;

/** GET /user/earnings: the seller's paid orders, newest paid first, with the totals over all of them. */
export const EarningsPageSchema = pageOf(EarningsOrderSchema).extend({ totals: EarningsFiguresSchema });
export type EarningsPage = z.infer<typeof EarningsPageSchema>;

/** What a reconciliation found wrong with one movement of money. */
export const RECONCILIATION_PROBLEMS = {
  missing_in_ledger: "支付机构有记录，账本没有",
  missing_at_provider: "账本有记录，支付机构账单没有",
  amount_differs: "金额不一致",
} as const;
export type ReconciliationProblem = keyof typeof RECONCILIATION_PROBLEMS;

const MovementKindSchema = z
  .enum(["pay", "refund", "release"])
  .describe("The movement: a payment into the hold, a refund, a release.");

export const ReconciliationMismatchSchema = z.object({
  kind: MovementKindSchema,
  paymentRef: z.string().describe("Xianzhi's number for the payment (the provider's out_trade_no)."),
  orderId: z.string().nullable().describe("The order of that payment; null when the ledger knows none."),
  problem: z.enum(Object.keys(RECONCILIATION_PROBLEMS) as [ReconciliationProblem, ...ReconciliationProblem[]]),
  ledgerCents: z.number().nullable(),
  providerCents: z.number().nullable(),
});
export type ReconciliationMismatch = z.infer<typeof ReconciliationMismatchSchema>;

export const ReconciliationDaySchema = z.object({
  day: z.string().describe("YYYY-MM-DD, Beijing time, as the provider's bills are cut."),
  provider: z.string(),
  outcome: z
    .enum(["done", "no_statement"])
    .describe("no_statement: the provider's bill cannot be fetched here, so nothing was compared."),
  matched: z.number(),
  mismatched: z.number(),
  uncheckedKinds: z
    .array(MovementKindSchema)
    .describe("Kinds of movement the provider's bill does not list, so not compared (Alipay's trade bill: release)."),
  ranAt: z.string(),
  mismatches: z.array(ReconciliationMismatchSchema),
});
export type ReconciliationDay = z.infer<typeof ReconciliationDaySchema>;

/** GET /admin/settlements: money the provider failed to move as often as it is retried. */
export const FailedSettlementSchema = z.object({
  orderId: z.string(),
  goodsTitle: z.string(),
  kind: z
    .enum(["refund", "release", "split"])
    .describe("Owed back to the buyer, to the seller, or split between them."),
  refundCents: z.number().describe("What goes back to the buyer."),
  releaseCents: z.number().describe("What goes to the seller and the fee."),
  attempts: z.number(),
  lastTriedAt: z.string().nullable(),
});
export type FailedSettlement = z.infer<typeof FailedSettlementSchema>;
export const FailedSettlementListSchema = z.array(FailedSettlementSchema);
export type FailedSettlementList = z.infer<typeof FailedSettlementListSchema>;

/** POST /admin/settlements/{id}/retry: whether the provider moved it this time. */
export const SettlementRetrySchema = z.object({ settled: z.boolean() });
export type SettlementRetry = z.infer<typeof SettlementRetrySchema>;

/** GET /admin/reconciliations: the newest days first. */
export const ReconciliationListSchema = z.array(ReconciliationDaySchema);
export type ReconciliationList = z.infer<typeof ReconciliationListSchema>;
