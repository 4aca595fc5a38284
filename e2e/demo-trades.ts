/**
 * Trades on top of the demo data, made through the API, for the screens that show them (screens.ts):
 * between the demo goods' seller and another demo user, about other goods of that seller.
 */
const DEMO_PASSWORD = "xianzhi123";

interface Reply {
  code: number;
  msg: string;
  // biome-ignore lint/suspicious/noExplicitAny: the API's answers, read field by field
  data: any;
}

/** Calls the API as `token` and answers the envelope's data; throws on any failure. */
export async function apiCall(baseUrl: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await response.json()) as Reply;
  if (reply.code !== 200) throw new Error(`${method} ${path} failed: ${reply.msg}`);
  return reply.data;
}

/** A demo user's session token. */
export async function demoToken(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user/login/username`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const reply = (await response.json()) as Reply;
  if (reply.code !== 200) throw new Error(`sign-in as ${username} failed: ${reply.msg}`);
  return reply.data.token;
}

export interface DemoTrades {
  /** The demo user who bought (and offers) here. */
  buyer: string;
  /** A chat with an offer of the buyer's, countered by the seller: open for the buyer to answer. */
  offerChatId: string;
  /** A chat whose offer was accepted: the goods are reserved for the buyer (交易中). */
  reservedChatId: string;
  /** A protected order (担保交易) the buyer paid and the seller shipped: 待收货. */
  shippedOrderId: string;
  /** The sandbox pay page of an order the buyer has not paid yet. */
  unpaidPayUrl: string;
  /** A 退货退款 request on a shipped order, refused by the seller and taken to the platform: 平台介入. */
  disputedRefundId: string;
}

/**
 * Four goods of `seller` (other than `spare`, the goods other screens show) traded with `buyer`:
 * one sold and reviewed by both (the seller's page has a rating and a review), one sold and not
 * reviewed yet (the buyer's 评价), one reserved, one with an open counter-offer.
 */
export async function makeDemoTrades(
  baseUrl: string,
  seller: { username: string; id: string },
  buyer: string,
  spare: string[],
): Promise<DemoTrades> {
  const [sellerToken, buyerToken] = await Promise.all([demoToken(baseUrl, seller.username), demoToken(baseUrl, buyer)]);
  const onSale = await apiCall(baseUrl, sellerToken, "GET", `/user/${seller.id}/goods?status=on_sale&pageSize=50`);
  const goods: { id: string; priceCents: number; status: string }[] = onSale.list.filter(
    (item: { id: string; status: string }) => item.status === "on_sale" && !spare.includes(item.id),
  );
  const [reviewed, unreviewed, reserved, countered, shipped, unpaid, disputed] = goods;
  if (!reviewed || !unreviewed || !reserved || !countered || !shipped || !unpaid || !disputed) {
    throw new Error("the demo seller has too few goods on sale");
  }

  const offer = (token: string, item: { id: string; priceCents: number }, share: number) =>
    apiCall(baseUrl, token, "POST", "/offers", { goodsId: item.id, amountCents: Math.round(item.priceCents * share) });
  /** The buyer's offer, accepted by the seller: its chat and the deal it started. */
  const accepted = async (item: { id: string; priceCents: number }): Promise<{ chatId: string; dealId: string }> => {
    const made = await offer(buyerToken, item, 0.9);
    return apiCall(baseUrl, sellerToken, "POST", `/offers/${made.id}/accept`);
  };
  const sold = async (item: { id: string; priceCents: number }) => {
    const { dealId } = await accepted(item);
    await apiCall(baseUrl, sellerToken, "POST", `/deals/${dealId}/complete`);
    return dealId;
  };

  const reviewedDeal = await sold(reviewed);
  await apiCall(baseUrl, buyerToken, "POST", "/reviews", {
    dealId: reviewedDeal,
    rating: 5,
    content: "东西和描述一样，卖家很爽快，当面验货没问题",
  });
  await apiCall(baseUrl, sellerToken, "POST", "/reviews", { dealId: reviewedDeal, rating: 4, content: "买家准时" });
  await sold(unreviewed);
  const reservedDeal = await accepted(reserved);
  const first = await offer(buyerToken, countered, 0.8);
  await apiCall(baseUrl, sellerToken, "POST", `/offers/${first.id}/counter`, {
    amountCents: Math.round(countered.priceCents * 0.9),
  });
  const shippedOrderId = await shippedOrder(baseUrl, sellerToken, buyerToken, shipped.id);
  const unpaidOrder = await apiCall(baseUrl, buyerToken, "POST", "/orders", { goodsId: unpaid.id, delivery: "meetup" });
  const disputedRefundId = await disputedRefund(baseUrl, sellerToken, buyerToken, disputed);
  return {
    buyer,
    offerChatId: first.chatId,
    reservedChatId: reservedDeal.chatId,
    shippedOrderId,
    unpaidPayUrl: unpaidOrder.payUrl,
    disputedRefundId,
  };
}

/** 退货退款 on a shipped order, refused with a reason, taken to the platform by the buyer: 平台介入. */
async function disputedRefund(
  baseUrl: string,
  sellerToken: string,
  buyerToken: string,
  goods: { id: string; priceCents: number },
): Promise<string> {
  const orderId = await shippedOrder(baseUrl, sellerToken, buyerToken, goods.id);
  const refund = await apiCall(baseUrl, buyerToken, "POST", `/orders/${orderId}/refund-request`, {
    kind: "return",
    reason: "not_as_described",
    amountCents: goods.priceCents,
    description: "屏幕边缘有一道划痕，描述里写的是无划痕",
    fileIds: [],
  });
  await apiCall(baseUrl, sellerToken, "POST", `/refunds/${refund.id}/refuse`, {
    text: "发货前检查过，屏幕完好，有打包视频",
    fileIds: [],
  });
  await apiCall(baseUrl, buyerToken, "POST", `/refunds/${refund.id}/escalate`);
  return refund.id;
}

/**
 * 立即购买 with 快递 to the buyer's demo address, paid on the sandbox's page (its webhook comes a
 * moment later), shipped by the seller: an order 待收货.
 */
export async function shippedOrder(
  baseUrl: string,
  sellerToken: string,
  buyerToken: string,
  goodsId: string,
): Promise<string> {
  const [address] = await apiCall(baseUrl, buyerToken, "GET", "/addresses");
  const order = await apiCall(baseUrl, buyerToken, "POST", "/orders", {
    goodsId,
    delivery: "shipping",
    addressId: address.id,
  });
  await apiCall(baseUrl, buyerToken, "POST", `/sandbox-pay/${order.payUrl.split("/").pop()}/pay`, {});
  for (let tries = 0; tries < 100; tries += 1) {
    if ((await apiCall(baseUrl, buyerToken, "GET", `/orders/${order.id}`)).status === "paid") break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await apiCall(baseUrl, sellerToken, "POST", `/orders/${order.id}/ship`, {
    carrier: "SF",
    trackingNumber: "SF1234567890123",
  });
  return order.id;
}
