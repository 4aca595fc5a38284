/** Protected orders (担保交易), addresses and money: plain values, free of schemas. All amounts are in fen. */

/**
 * An order's life: the buyer pays into the payment provider's hold (待付款 -> 待发货), the seller
 * ships or hands over (待收货), the buyer confirms receipt or the timer does (交易成功, the money is
 * released to the seller), or it closes unpaid, cancelled or refunded (交易关闭).
 */
export const ORDER_STATUSES = {
  awaiting_payment: "待付款",
  paid: "待发货",
  shipped: "待收货",
  completed: "交易成功",
  closed: "交易关闭",
} as const;
export type OrderStatus = keyof typeof ORDER_STATUSES;

/** The two sides of an order, as 我买到的 / 我卖出的 name them. */
export const ORDER_ROLES = { buyer: "我买到的", seller: "我卖出的" } as const;
export type OrderRole = keyof typeof ORDER_ROLES;

/** How the goods reach the buyer, chosen at checkout. */
export const DELIVERY_METHODS = { shipping: "快递", meetup: "面交" } as const;
export type DeliveryMethod = keyof typeof DELIVERY_METHODS;

/** Why a closed order closed, in the words both sides see. */
export const CLOSE_REASONS = {
  unpaid: "超时未付款，交易关闭",
  buyer_cancelled: "买家取消了订单",
  seller_cancelled: "卖家取消了订单",
  refunded_on_request: "买家申请取消，已退款",
  not_shipped: "卖家超时未发货，已退款",
  refunded_after_sale: "售后退款成功，交易关闭",
} as const;
export type CloseReason = keyof typeof CLOSE_REASONS;

/**
 * The carriers a tracking number may name, each with the forms its numbers take: a number that
 * matches none of its carrier's forms is refused (ORDER_TRACKING_NUMBER).
 */
export const CARRIERS = {
  SF: { name: "顺丰速运", patterns: ["^SF\\d{12,13}$", "^\\d{12}$"] },
  ZTO: { name: "中通快递", patterns: ["^(7[0-9]|5[0-9]|6[0-9])\\d{10}$", "^\\d{14}$"] },
  YTO: { name: "圆通速递", patterns: ["^YT\\d{13,15}$"] },
  YD: { name: "韵达快递", patterns: ["^\\d{13}$", "^\\d{15}$"] },
  STO: { name: "申通快递", patterns: ["^(77|88|66|55|99)\\d{11,13}$"] },
  JD: { name: "京东物流", patterns: ["^JD[A-Z0-9]{11,13}$"] },
  EMS: { name: "EMS", patterns: ["^[A-Z]{2}\\d{9}[A-Z]{2}$", "^1\\d{12}$"] },
} as const;
export type Carrier = keyof typeof CARRIERS;

/** Whether `trackingNumber` has one of the forms of `carrier`'s numbers. */
export function isTrackingNumberOf(carrier: Carrier, trackingNumber: string): boolean {
  return CARRIERS[carrier].patterns.some((pattern) => new RegExp(pattern).test(trackingNumber));
}

/**
 * The order timers' defaults; each is a server setting (ORDER_* in the environment). Deadlines are
 * counted from when the order entered its state (the cancel request's from when it was made).
 */
export const OrderTimerDefaults = {
  /** An unpaid order closes and its goods are on sale again. */
  paymentMinutes: 30,
  /** A paid order the seller has not shipped is refunded. */
  shipHours: 72,
  /** The seller is reminded to ship. */
  shipReminderHours: 48,
  /** A buyer's request to cancel a paid order the seller has not answered is granted. */
  cancelRequestHours: 24,
  /** A shipped order the buyer has not confirmed is confirmed. */
  receiveDays: 10,
  /** A handed-over (面交) order the seller has not completed with the pickup code is confirmed. */
  meetupReceiveDays: 2,
  /** The buyer may extend the receiving time once by this much. */
  extendDays: 3,
  /** The buyer is reminded this long before the receiving time runs out. */
  receiveReminderDays: 2,
} as const;
export type OrderTimers = { -readonly [K in keyof typeof OrderTimerDefaults]: number };

/** A mainland mobile number, as an address book entry takes it: 11 digits starting with 1. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** An Alipay account a seller is paid to: a 2088… user id, a mainland mobile number or an e-mail. */
export const PAYOUT_ACCOUNT_PATTERN = /^(2088\d{12}|1[3-9]\d{9}|[^\s@]{1,64}@[^\s@]{1,200}\.[^\s@]{2,20})$/;

export const OrderLimits = {
  /** The buyer's pickup code for 面交: this many digits. */
  pickupCodeDigits: 6,
  /** Wrong pickup codes a seller may enter before the order takes no more. */
  pickupCodeTries: 5,
  recipientNameMax: 20,
  regionMax: 60,
  streetMax: 120,
  addressesMax: 20,
  trackingNumberMax: 30,
} as const;
