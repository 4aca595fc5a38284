/** How each kind of account's name begins: an order's or a user's id follows. */
export const ACCOUNT_PREFIXES = {
  held: "held:order:",
  paid: "buyer_payments:user:",
  released: "seller_released:user:",
  refunded: "buyer_refunded:user:",
} as const;

/**
 * The ledger's accounts. Money the provider holds for an order sits in its `held` account from the
 * buyer's payment until it is released to the seller (less the platform's fee) or refunded to the
 * buyer. The buyers' own money is outside the product: their payments are the ledger's source
 * (negative balances) and their refunds its sink.
 */
export const accounts = {
  /** Held by the payment provider for one order. */
  heldFor: (orderId: number) => `${ACCOUNT_PREFIXES.held}${orderId}`,
  /** Paid in by a buyer, from outside: negative by what they paid. */
  paidBy: (buyerId: number) => `${ACCOUNT_PREFIXES.paid}${buyerId}`,
  /** Released to a seller. */
  releasedTo: (sellerId: number) => `${ACCOUNT_PREFIXES.released}${sellerId}`,
  /** Refunded to a buyer. */
  refundedTo: (buyerId: number) => `${ACCOUNT_PREFIXES.refunded}${buyerId}`,
  platformFees: "platform_fees",
} as const;

/** Every order's held account starts with this. */
export const HELD_PREFIX = ACCOUNT_PREFIXES.held;
