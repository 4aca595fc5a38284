import type { Checkout, CreateOrderBody, DeliveryMethod } from "@xianzhi/contract";
import { OrderTimerDefaults } from "@xianzhi/contract/constants";

/** A line of checkout's amount: what it is and how much, in fen. */
export interface AmountLine {
  label: string;
  cents: number;
}

/** The lines above 合计: the price (an accepted offer's is named so), and the fee only when there is one. */
export function amountLines(checkout: Pick<Checkout, "priceCents" | "feeCents" | "fromOffer">): AmountLine[] {
  const lines: AmountLine[] = [{ label: checkout.fromOffer ? "议价成交价" : "商品价格", cents: checkout.priceCents }];
  if (checkout.feeCents > 0) lines.push({ label: "买家保障服务费", cents: checkout.feeCents });
  return lines;
}

/** What protection means, in one sentence, before the buyer pays. */
export const PROTECTION_NOTE = `担保交易：货款由支付机构托管，确认收货后才付给卖家；卖家 ${OrderTimerDefaults.shipHours} 小时不发货自动退款。`;

/**
 * The order 提交订单 asks for, or why it cannot yet: shipping needs an address. The amount sent is
 * the total shown, so the server refuses the order if its own has changed since.
 */
export function orderBody(
  checkout: Pick<Checkout, "goods" | "totalCents">,
  delivery: DeliveryMethod,
  addressId: string | undefined,
): { body: CreateOrderBody } | { missing: string } {
  if (delivery === "shipping" && !addressId) return { missing: "请选择收货地址" };
  return {
    body: {
      goodsId: checkout.goods.id,
      delivery,
      ...(delivery === "shipping" ? { addressId } : {}),
      amountCents: checkout.totalCents,
    },
  };
}

/**
 * Where a payment's page or its way back leads, as the app goes there: a path of the app (the
 * sandbox's cashier, the order page; also when written with the app's own origin) is opened by the
 * router, another site (the provider's cashier) by the browser. Null for what is no address.
 */
export function destinationOf(url: string, origin: string): { path: string } | { external: string } | null {
  if (url.startsWith("/") && !url.startsWith("//")) return { path: url };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  if (parsed.origin === origin) return { path: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  return { external: parsed.href };
}
