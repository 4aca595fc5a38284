/**
 * The ledger's accounts. Money the provider holds for an order sits in its `held` account from the
 * buyer's payment until it is released to the seller (less the platform's fee) or refunded to the
 * buyer. The buyers' own money is outside the product: their payments are the ledger's source
 * (negative balances) and their refunds its sink.
 */
export const accounts = {
  /** Held by the payment provider for one order. */
  heldFor: (orderId: number) => `held:order:${orderId}`,
  /** Paid in by a buyer, from outside: negative by what they paid. */
  paidBy: (buyerId: number) => `buyer_payments:user:${buyerId}`,
  /** Released to a seller. */
  releasedTo: (sellerId: number) => `seller_released:user:${sellerId}`,
  /** Refunded to a buyer. */
  refundedTo: (buyerId: number) => `buyer_refunded:user:${buyerId}`,
  platformFees: "platform_fees",
} as const;

/** Every order's held account starts with this. */
export const HELD_PREFIX = "held:order:";
