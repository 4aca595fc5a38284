import type { InjectOptions } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { RULES_TTL_MS } from "../features/word-rules/index.js";
import type { DeclaredRoute } from "../plugins/declared-routes.js";
import { type RegisteredUser, registerUser } from "../test-support/accounts.js";
import { goodsFields, multipart, postGoods, testJpeg, uploadFileId } from "../test-support/goods.js";
import { registerModerator } from "../test-support/moderation.js";
import { ADDRESS, addAddress, boughtOrder, orderAction, paidOrder, paymentIdOf } from "../test-support/orders.js";
import { askedRefund, refundAction, refundBody } from "../test-support/refunds.js";
import { createTestAppWithRoutes } from "../test-support/route-table.js";
import { isType, listen, openSocket } from "../test-support/sockets.js";
import { call } from "../test-support/test-app.js";

/**
 * Who may call each /api route, as each route declares it (server/src/http/api-route.ts), checked
 * against the app: every registered route is here without an edit. RULES only adds what a
 * declaration cannot say: a request the rightful caller would make (probe), and which signed-in
 * routes act on something the caller owns.
 *   public     anyone; a token changes nothing about being let in
 *   signed-in  401 without a valid token
 *   owner      401 without a token, 403/404 for another user, let in for the owner
 *   socket     the chat socket: closed 4401 without a valid token
 *   moderator  401 without a valid token, 403 for a plain user (the owner), let in for a moderator
 */
type Access = "public" | "signed-in" | "owner" | "socket" | "moderator";

interface Probe {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The owner's token for this one request, when the request ends the session it is made with. */
  ownerToken?: string;
}

interface Fixture {
  moderator: RegisteredUser;
  owner: RegisteredUser;
  other: RegisteredUser;
  peer: RegisteredUser;
  goodsId: string;
  chatId: string;
}

interface Rule {
  /** A signed-in route that acts on the caller's own goods, chats, offers or deals. */
  access?: "owner";
  /** A request the rightful caller would make; built once per route, the owner's attempt comes last. */
  probe?: (f: Fixture) => Probe | Promise<Probe>;
}

const t = await createTestAppWithRoutes();
let f: Fixture;
let base: string;

const body = (url: string, payload: unknown) => () => ({ url, body: payload });
/** A WebAuthn answer of the right shape to a challenge no one was given. */
const passkeyAnswer = {
  challengeId: "no-such-challenge",
  response: { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "e30" } },
};
let pushDevices = 0;
/** A new device's push subscription, at a push service the default PUSH_SERVICES accepts. */
const pushSubscription = () => {
  pushDevices += 1;
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${pushDevices}`,
    keys: { p256dh: `B${"a".repeat(86)}`, auth: "c".repeat(22) },
  };
};
const freshGoods = async (fixture: Fixture) => (await postGoods(t.app, fixture.owner.token)).id;
let savedSearches = 0;
/** A new saved search of the owner's: each probe may delete the one it is given. */
const savedSearchOf = async (fixture: Fixture) => {
  savedSearches += 1;
  const body = { keyword: `二手相机 ${savedSearches}` };
  return (await call(t.app, "POST", "/api/saved-searches", { token: fixture.owner.token, body })).data.id;
};
const offer = async (from: RegisteredUser, to: RegisteredUser) => {
  const goodsId = (await postGoods(t.app, to.token)).id;
  const reply = await call(t.app, "POST", "/api/offers", { token: from.token, body: { goodsId, amountCents: 100 } });
  return reply.data.id as string;
};
/** An open offer the peer made for the owner's goods: the owner is the one to answer it. */
const offerToOwner = (fixture: Fixture) => offer(fixture.peer, fixture.owner);
/** A reserved deal of the owner's, as the seller. */
const ownersDeal = async (fixture: Fixture) => {
  const accepted = await call(t.app, "POST", `/api/offers/${await offerToOwner(fixture)}/accept`, {
    token: fixture.owner.token,
  });
  return accepted.data.dealId as string;
};

/** An order between the owner and the peer, moved to `state`, with the owner as `ownerSide`. */
const ordersOf = async (fixture: Fixture, ownerSide: "buyer" | "seller", state: "awaiting" | "paid" | "shipped") => {
  const [buyer, seller] = ownerSide === "buyer" ? [fixture.owner, fixture.peer] : [fixture.peer, fixture.owner];
  const goodsId = (await postGoods(t.app, seller.token)).id;
  const order =
    state === "awaiting"
      ? await boughtOrder(t.app, buyer.token, goodsId, "meetup")
      : await paidOrder(t.app, buyer.token, goodsId, "meetup");
  if (state === "shipped") await orderAction(t.app, seller.token, order.id, "ship", {});
  return order;
};
const orderStep = (
  ownerSide: "buyer" | "seller",
  state: "awaiting" | "paid" | "shipped",
  step: string,
  payload?: unknown,
): Rule => ({
  access: "owner",
  probe: async (fixture) => ({
    url: `/api/orders/${(await ordersOf(fixture, ownerSide, state)).id}/${step}`,
    body: payload,
  }),
});
type RefundState = "requested" | "countered" | "refused" | "disputed" | "awaiting_return" | "return_shipped";
/** A refund request on a shipped order between the owner and the peer, moved to `state`. */
const refundsOf = async (fixture: Fixture, ownerSide: "buyer" | "seller", state: RefundState) => {
  const [buyer, seller] = ownerSide === "buyer" ? [fixture.owner, fixture.peer] : [fixture.peer, fixture.owner];
  const order = await ordersOf(fixture, ownerSide, "shipped");
  const isReturn = state === "awaiting_return" || state === "return_shipped";
  const refund = await askedRefund(
    t.app,
    buyer.token,
    order.id,
    refundBody({ kind: isReturn ? "return" : "refund_only", amountCents: 100 }),
  );
  const act = (who: RegisteredUser, action: string, payload?: unknown) =>
    refundAction(t.app, who.token, refund.id, action, payload);
  if (state === "countered") await act(seller, "agree", { amountCents: 50 });
  if (state === "refused" || state === "disputed") await act(seller, "refuse", { text: "不同意" });
  if (state === "disputed") await act(buyer, "escalate");
  if (isReturn) await act(seller, "agree", { addressId: (await addAddress(t.app, seller.token)).id });
  if (state === "return_shipped") await act(buyer, "return", { carrier: "SF", trackingNumber: "SF1234567890123" });
  return refund.id;
};
const refundStep = (ownerSide: "buyer" | "seller", state: RefundState, step: string, payload?: unknown): Rule => ({
  access: "owner",
  probe: async (fixture) => ({
    url: `/api/refunds/${await refundsOf(fixture, ownerSide, state)}/${step}`,
    body: payload,
  }),
});
const disputeOf = (fixture: Fixture) => refundsOf(fixture, "buyer", "disputed");

const paymentOf = async (fixture: Fixture) => paymentIdOf(await ordersOf(fixture, "buyer", "awaiting"));

let wordRules = 0;
/** A new prohibited-word rule, added by the moderator: each probe may delete the one it is given. */
const wordRuleOf = async (fixture: Fixture) => {
  wordRules += 1;
  const body = { word: `规则${wordRules}`, action: "review" };
  return (await call(t.app, "POST", "/api/admin/word-rules", { token: fixture.moderator.token, body })).data.id;
};

const RULES: Record<string, Rule> = {
  "POST /api/com/confirmcaptcha": {
    probe: body("/api/com/confirmcaptcha", { captchaId: "x", code: "abcd" }),
  },
  "POST /api/com/email": {
    probe: body("/api/com/email", { email: "someone@example.com", captchaTicket: "bogus", purpose: "register" }),
  },
  "POST /api/com/confirmemail": {
    probe: body("/api/com/confirmemail", { email: "someone@example.com", code: "123456", purpose: "register" }),
  },
  "POST /api/user/reg": {
    probe: body("/api/user/reg", {
      username: "newcomer",
      password: "secret123",
      email: "n@example.com",
      emailTicket: "x",
    }),
  },
  "POST /api/user/login/username": {
    probe: body("/api/user/login/username", { username: "nobody_here", password: "secret123" }),
  },
  "POST /api/user/login/email": {
    probe: body("/api/user/login/email", { email: "nobody@example.com", password: "secret123" }),
  },
  "POST /api/user/password/reset": {
    probe: body("/api/user/password/reset", {
      email: "nobody@example.com",
      emailTicket: "x",
      newPassword: "secret456",
    }),
  },
  "POST /api/user/logout": {
    probe: async (fixture) => {
      const login = await call(t.app, "POST", "/api/user/login/username", {
        body: { username: fixture.owner.username, password: fixture.owner.password },
      });
      return { url: "/api/user/logout", ownerToken: login.data.token };
    },
  },
  "DELETE /api/user/sessions/:id": {
    access: "owner",
    // A second session of the owner's, ended by the owner's own.
    probe: async (fixture) => {
      await call(t.app, "POST", "/api/user/login/username", {
        body: { username: fixture.owner.username, password: fixture.owner.password },
      });
      const devices = await call(t.app, "GET", "/api/user/sessions", { token: fixture.owner.token });
      const other = (devices.data as { id: string; current: boolean }[]).find((device) => !device.current);
      return { url: `/api/user/sessions/${other?.id}` };
    },
  },
  // Ends every other session of whoever calls it: a user of its own, so the matrix's owner keeps theirs.
  "POST /api/user/sessions/end-others": {
    probe: async () => ({
      url: "/api/user/sessions/end-others",
      ownerToken: (await registerUser(t.app, t.dataDir)).token,
    }),
  },
  "PUT /api/user/userinfo": { probe: body("/api/user/userinfo", { bio: "只卖自用闲置" }) },
  // 两步验证: requests as the personal centre sends them (the owner's password and codes are not these).
  "POST /api/user/two-step/setup": { probe: body("/api/user/two-step/setup", { password: "wrong-pass1" }) },
  "POST /api/user/two-step/enable": { probe: body("/api/user/two-step/enable", { code: "123456" }) },
  "POST /api/user/two-step/recovery-codes": { probe: body("/api/user/two-step/recovery-codes", { code: "123456" }) },
  "POST /api/user/two-step/disable": {
    probe: body("/api/user/two-step/disable", { password: "wrong-pass1", code: "123456" }),
  },
  "POST /api/user/proof": { probe: body("/api/user/proof", { password: "wrong-pass1" }) },
  "POST /api/user/login/two-step": {
    probe: body("/api/user/login/two-step", { twoStepTicket: "no-such-ticket", code: "123456" }),
  },
  // 通行密钥: options and answers as the personal centre and the login screen send them; the
  // owner has no proof here, so every change stops at the second check.
  "POST /api/user/login/passkey/options": { probe: body("/api/user/login/passkey/options", {}) },
  "POST /api/user/login/passkey": { probe: body("/api/user/login/passkey", passkeyAnswer) },
  "POST /api/user/passkeys/options": { probe: () => ({ url: "/api/user/passkeys/options" }) },
  "POST /api/user/passkeys": { probe: body("/api/user/passkeys", { ...passkeyAnswer, name: "我的手机" }) },
  // The caller's own passkeys only (passkeys.test.ts: another account's is a 404 after the proof).
  "DELETE /api/user/passkeys/:id": { probe: () => ({ url: "/api/user/passkeys/1" }) },
  "PUT /api/user/passkey-only": { probe: body("/api/user/passkey-only", { on: false }) },
  "POST /api/user/proof/passkey-options": { probe: () => ({ url: "/api/user/proof/passkey-options" }) },
  "POST /api/user/device-alerts/deny": { probe: body("/api/user/device-alerts/deny", { token: "no-such-link" }) },
  "PUT /api/user/email": {
    probe: body("/api/user/email", { email: "changed@example.com", emailTicket: "bogus" }),
  },
  "PUT /api/user/password": {
    probe: body("/api/user/password", { oldPassword: "wrong-pass1", newPassword: "secret456" }),
  },
  // A wrong password: the matrix's owner must stay open for the rows after this one.
  "POST /api/user/delete": { probe: body("/api/user/delete", { password: "wrong-pass1" }) },
  "GET /api/goods/search/list": { probe: () => ({ url: "/api/goods/search/list?keyword=车" }) },
  "GET /api/goods/info/:id": { probe: (fixture) => ({ url: `/api/goods/info/${fixture.goodsId}` }) },
  "GET /api/user/:id/profile": {
    probe: (fixture) => ({ url: `/api/user/${fixture.owner.id}/profile` }),
  },
  "GET /api/user/:id/goods": {
    probe: (fixture) => ({ url: `/api/user/${fixture.owner.id}/goods?status=sold` }),
  },
  "POST /api/goods": { probe: body("/api/goods", goodsFields) },
  "PUT /api/goods/:id": {
    access: "owner",
    probe: (fixture) => ({ url: `/api/goods/${fixture.goodsId}`, body: { title: "改过的标题" } }),
  },
  "PUT /api/goods/:id/status": {
    access: "owner",
    probe: (fixture) => ({ url: `/api/goods/${fixture.goodsId}/status`, body: { status: "reserved" } }),
  },
  "DELETE /api/goods/:id": {
    access: "owner",
    probe: async (fixture) => ({ url: `/api/goods/${await freshGoods(fixture)}` }),
  },
  "POST /api/com/upload": {
    probe: async () => {
      const form = multipart(await testJpeg(64, 64), "photo.jpg", "image/jpeg");
      return { url: "/api/com/upload", body: form.body, headers: form.headers };
    },
  },
  "POST /api/pic/add": {
    access: "owner",
    probe: async (fixture) => ({
      url: "/api/pic/add",
      body: {
        goodsId: fixture.goodsId,
        fileId: await uploadFileId(t.app, fixture.owner.token, await testJpeg(64, 64)),
      },
    }),
  },
  "GET /api/goodscomment/getlist/:goodsId": {
    probe: (fixture) => ({ url: `/api/goodscomment/getlist/${fixture.goodsId}` }),
  },
  "POST /api/goodscomment": {
    probe: (fixture) => ({ url: "/api/goodscomment", body: { goodsId: fixture.goodsId, content: "还在吗" } }),
  },
  "POST /api/fav": {
    probe: (fixture) => ({ url: "/api/fav", body: { goodsId: fixture.goodsId } }),
  },
  "GET /api/fav/exists/:goodsId": {
    probe: (fixture) => ({ url: `/api/fav/exists/${fixture.goodsId}` }),
  },
  "GET /api/fav/ids": {
    probe: (fixture) => ({ url: `/api/fav/ids?goodsIds=${fixture.goodsId}` }),
  },
  "DELETE /api/fav/:goodsId": { probe: (fixture) => ({ url: `/api/fav/${fixture.goodsId}` }) },
  "POST /api/mychatlist/create": {
    probe: (fixture) => ({ url: "/api/mychatlist/create", body: { peerId: fixture.peer.id } }),
  },
  "PUT /api/mychatlist/setread": {
    access: "owner",
    probe: (fixture) => ({ url: "/api/mychatlist/setread", body: { chatId: fixture.chatId } }),
  },
  "GET /api/chat/getlist": {
    access: "owner",
    probe: (fixture) => ({ url: `/api/chat/getlist?chatId=${fixture.chatId}` }),
  },
  "POST /api/follows": {
    probe: (fixture) => ({ url: "/api/follows", body: { userId: fixture.peer.id } }),
  },
  "DELETE /api/follows/:id": { probe: (fixture) => ({ url: `/api/follows/${fixture.peer.id}` }) },
  "GET /api/follows/:id": { probe: (fixture) => ({ url: `/api/follows/${fixture.peer.id}` }) },
  "GET /api/goods/suggest": { probe: () => ({ url: "/api/goods/suggest?q=%E6%89%8B%E6%9C%BA" }) },
  "POST /api/saved-searches": {
    probe: () => ({ url: "/api/saved-searches", body: { keyword: "九成新 相机" } }),
  },
  "PUT /api/saved-searches/:id": {
    access: "owner",
    probe: async (fixture) => ({ url: `/api/saved-searches/${await savedSearchOf(fixture)}`, body: { name: "相机" } }),
  },
  "DELETE /api/saved-searches/:id": {
    access: "owner",
    probe: async (fixture) => ({ url: `/api/saved-searches/${await savedSearchOf(fixture)}` }),
  },
  "POST /api/reports": {
    probe: (fixture) => ({
      url: "/api/reports",
      body: { targetType: "user", targetId: fixture.peer.id, reason: "spam" },
    }),
  },
  "POST /api/blocks": {
    probe: (fixture) => ({ url: "/api/blocks", body: { userId: fixture.other.id } }),
  },
  "DELETE /api/blocks/:id": { probe: (fixture) => ({ url: `/api/blocks/${fixture.other.id}` }) },
  "PUT /api/notifications/read": {
    access: "owner",
    probe: async (fixture) => {
      const comment = { goodsId: fixture.goodsId, content: "能小刀吗" };
      await call(t.app, "POST", "/api/goodscomment", { token: fixture.peer.token, body: comment });
      const centre = await call(t.app, "GET", "/api/notifications", { token: fixture.owner.token });
      return { url: "/api/notifications/read", body: { ids: [centre.data.list[0].id] } };
    },
  },
  "PUT /api/notifications/settings": {
    probe: () => ({ url: "/api/notifications/settings", body: { mutedGroups: ["favorites"], emailDigest: false } }),
  },
  "PUT /api/push/subscriptions": {
    probe: () => ({ url: "/api/push/subscriptions", body: pushSubscription() }),
  },
  "DELETE /api/push/subscriptions": {
    access: "owner",
    // A device of the owner's: another user may not stop its pushes.
    probe: async (fixture) => {
      const body = pushSubscription();
      await call(t.app, "PUT", "/api/push/subscriptions", { token: fixture.owner.token, body });
      return { url: "/api/push/subscriptions", body: { endpoint: body.endpoint } };
    },
  },
  "POST /api/offers": {
    probe: async (fixture) => ({
      url: "/api/offers",
      body: { goodsId: (await postGoods(t.app, fixture.peer.token)).id, amountCents: 100 },
    }),
  },
  "POST /api/offers/:id/accept": {
    access: "owner",
    probe: async (fixture) => ({ url: `/api/offers/${await offerToOwner(fixture)}/accept` }),
  },
  "POST /api/offers/:id/decline": {
    access: "owner",
    probe: async (fixture) => ({ url: `/api/offers/${await offerToOwner(fixture)}/decline` }),
  },
  "POST /api/offers/:id/counter": {
    access: "owner",
    probe: async (fixture) => ({
      url: `/api/offers/${await offerToOwner(fixture)}/counter`,
      body: { amountCents: 50 },
    }),
  },
  "POST /api/offers/:id/withdraw": {
    access: "owner",
    probe: async (fixture) => ({ url: `/api/offers/${await offer(fixture.owner, fixture.peer)}/withdraw` }),
  },
  "GET /api/offers": {
    access: "owner",
    probe: (fixture) => ({ url: `/api/offers?chatId=${fixture.chatId}` }),
  },
  "POST /api/deals/:id/complete": {
    access: "owner",
    probe: async (fixture) => ({ url: `/api/deals/${await ownersDeal(fixture)}/complete` }),
  },
  "POST /api/deals/:id/cancel": {
    access: "owner",
    probe: async (fixture) => ({ url: `/api/deals/${await ownersDeal(fixture)}/cancel` }),
  },
  "GET /api/deals": { probe: () => ({ url: "/api/deals?role=buyer" }) },
  "GET /api/addresses": { probe: () => ({ url: "/api/addresses" }) },
  "POST /api/addresses": { probe: body("/api/addresses", ADDRESS) },
  "PUT /api/addresses/:id": {
    access: "owner",
    probe: async (fixture) => ({
      url: `/api/addresses/${(await addAddress(t.app, fixture.owner.token)).id}`,
      body: ADDRESS,
    }),
  },
  "DELETE /api/addresses/:id": {
    access: "owner",
    probe: async (fixture) => ({ url: `/api/addresses/${(await addAddress(t.app, fixture.owner.token)).id}` }),
  },
  "GET /api/orders/checkout": {
    probe: async (fixture) => ({
      url: `/api/orders/checkout?goodsId=${(await postGoods(t.app, fixture.peer.token)).id}`,
    }),
  },
  "POST /api/orders": {
    probe: async (fixture) => ({
      url: "/api/orders",
      body: { goodsId: (await postGoods(t.app, fixture.peer.token)).id, delivery: "meetup" },
    }),
  },
  "GET /api/orders": { probe: () => ({ url: "/api/orders?role=buyer" }) },
  "PUT /api/user/payout-account": {
    probe: body("/api/user/payout-account", { alipayAccount: "seller@example.com", password: "wrong-pass1" }),
  },
  "GET /api/orders/:id": {
    access: "owner",
    probe: async (fixture) => ({ url: `/api/orders/${(await ordersOf(fixture, "seller", "awaiting")).id}` }),
  },
  "POST /api/orders/:id/pay": orderStep("buyer", "awaiting", "pay"),
  "POST /api/orders/:id/cancel": orderStep("seller", "awaiting", "cancel"),
  "POST /api/orders/:id/request-cancel": orderStep("buyer", "paid", "request-cancel"),
  "POST /api/orders/:id/refund": orderStep("seller", "paid", "refund"),
  "POST /api/orders/:id/ship": orderStep("seller", "paid", "ship", {}),
  "POST /api/orders/:id/extend": orderStep("buyer", "shipped", "extend"),
  "POST /api/orders/:id/confirm": orderStep("buyer", "shipped", "confirm"),
  "POST /api/orders/:id/pickup": orderStep("seller", "shipped", "pickup", { code: "000000" }),
  "POST /api/orders/:id/refund-request": orderStep(
    "buyer",
    "shipped",
    "refund-request",
    refundBody({ amountCents: 100 }),
  ),
  "GET /api/refunds/:id": {
    access: "owner",
    probe: async (fixture) => ({ url: `/api/refunds/${await refundsOf(fixture, "seller", "requested")}` }),
  },
  "POST /api/refunds/:id/agree": refundStep("seller", "requested", "agree", {}),
  "POST /api/refunds/:id/refuse": refundStep("seller", "requested", "refuse", { text: "不同意" }),
  "POST /api/refunds/:id/accept": refundStep("buyer", "countered", "accept"),
  "POST /api/refunds/:id/withdraw": refundStep("buyer", "requested", "withdraw"),
  "POST /api/refunds/:id/escalate": refundStep("buyer", "refused", "escalate"),
  "POST /api/refunds/:id/return": refundStep("buyer", "awaiting_return", "return", {
    carrier: "SF",
    trackingNumber: "SF1234567890123",
  }),
  "POST /api/refunds/:id/receive": refundStep("seller", "return_shipped", "receive"),
  "POST /api/refunds/:id/reject-return": refundStep("seller", "return_shipped", "reject-return", { text: "空盒子" }),
  "POST /api/refunds/:id/statement": refundStep("buyer", "disputed", "statement", { text: "补充说明" }),
  "POST /api/admin/settlements/:id/retry": {
    probe: async (fixture) => ({
      url: `/api/admin/settlements/${(await ordersOf(fixture, "seller", "paid")).id}/retry`,
    }),
  },
  "GET /api/admin/disputes/:id": {
    probe: async (fixture) => ({ url: `/api/admin/disputes/${await disputeOf(fixture)}` }),
  },
  "POST /api/admin/disputes/:id/ruling": {
    probe: async (fixture) => ({
      url: `/api/admin/disputes/${await disputeOf(fixture)}/ruling`,
      body: { ruling: "refund", reason: "卖家未能举证" },
    }),
  },
  "GET /api/sandbox-pay/:paymentId": {
    probe: async (fixture) => ({ url: `/api/sandbox-pay/${await paymentOf(fixture)}` }),
  },
  "POST /api/sandbox-pay/:paymentId/pay": {
    probe: async (fixture) => ({ url: `/api/sandbox-pay/${await paymentOf(fixture)}/pay`, body: {} }),
  },
  "POST /api/sandbox-pay/:paymentId/fail": {
    probe: async (fixture) => ({ url: `/api/sandbox-pay/${await paymentOf(fixture)}/fail` }),
  },
  "POST /api/payments/:provider/webhook": { probe: body("/api/payments/sandbox/webhook", { id: "evt_unsigned" }) },
  "POST /api/reviews": {
    access: "owner",
    probe: async (fixture) => {
      const dealId = await ownersDeal(fixture);
      await call(t.app, "POST", `/api/deals/${dealId}/complete`, { token: fixture.owner.token });
      return { url: "/api/reviews", body: { dealId, rating: 5 } };
    },
  },
  "GET /api/user/:id/reviews": {
    probe: (fixture) => ({ url: `/api/user/${fixture.owner.id}/reviews` }),
  },
  "GET /api/admin/targets/:targetType/:targetId": {
    probe: (fixture) => ({ url: `/api/admin/targets/user/${fixture.other.id}` }),
  },
  "POST /api/admin/targets/:targetType/:targetId/actions": {
    probe: async (fixture) => {
      const body = { targetType: "user", targetId: fixture.other.id, reason: "spam" };
      await call(t.app, "POST", "/api/reports", { token: fixture.peer.token, body });
      return { url: `/api/admin/targets/user/${fixture.other.id}/actions`, body: { action: "dismiss" } };
    },
  },
  // 协助恢复账号: the owner's account has 仅通行密钥登录 off, and the moderator gave no proof: nothing changes.
  "POST /api/admin/account-recovery": {
    probe: (fixture) => ({
      url: "/api/admin/account-recovery",
      body: { username: fixture.owner.username, reason: "核实了注册邮箱" },
    }),
  },
  "POST /api/admin/word-rules": {
    probe: () => {
      wordRules += 1;
      return { url: "/api/admin/word-rules", body: { word: `违禁${wordRules}`, action: "review" } };
    },
  },
  "PUT /api/admin/word-rules/:id": {
    probe: async (fixture) => ({
      url: `/api/admin/word-rules/${await wordRuleOf(fixture)}`,
      body: { action: "refuse" },
    }),
  },
  "DELETE /api/admin/word-rules/:id": {
    probe: async (fixture) => ({ url: `/api/admin/word-rules/${await wordRuleOf(fixture)}` }),
  },
};

beforeAll(async () => {
  base = await listen(t.app);
  const [owner, other, peer] = [
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
  ];
  const chat = await call(t.app, "POST", "/api/mychatlist/create", { token: owner.token, body: { peerId: peer.id } });
  const moderator = await registerModerator(t.app, t.dataDir);
  f = { moderator, owner, other, peer, goodsId: (await postGoods(t.app, owner.token)).id, chatId: chat.data.chatId };
});
afterAll(() => t.close());

/**
 * Sends a probe and checks its Cache-Control as well (security audit, issue 26): every answer to a
 * request with a token, and every answer to a write (sign-in, registration, codes), is
 * `private, no-store`; public reads by signed-out visitors keep the caching they had (none, but
 * the captcha's).
 */
async function send(method: string, probe: Probe, token?: string) {
  const response = await t.app.inject({
    method: method as "GET",
    url: probe.url,
    payload: probe.body as InjectOptions["payload"],
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...probe.headers },
  });
  const reply = { status: response.statusCode, ...(response.json() as { code: number; msg: string; data: unknown }) };
  const cacheControl = response.headers["cache-control"];
  const what = `${method} ${probe.url} ${token ? "with a token" : "signed out"}: ${reply.status} ${reply.msg}`;
  if (token || method !== "GET") expect(cacheControl, what).toBe("private, no-store");
  else expect(cacheControl, what).toBe(SIGNED_OUT_READS_CACHING[probe.url.split("?")[0] ?? ""]);
  return reply;
}

/** The Cache-Control of public reads by signed-out visitors that have one; the others have none. */
const SIGNED_OUT_READS_CACHING: Record<string, string> = { "/api/com/captcha": "private, no-store" };

const letIn = (reply: { status: number }) => {
  expect(reply.status).toBeLessThan(500);
  expect([401, 403]).not.toContain(reply.status);
};

async function checkHttpRoute(method: string, url: string, access: Access, rule: Rule = {}): Promise<void> {
  const probe: Probe = rule.probe ? await rule.probe(f) : { url };
  const ownerToken = probe.ownerToken ?? f.owner.token;
  if (access === "public") {
    letIn(await send(method, probe));
    letIn(await send(method, probe, ownerToken));
    return;
  }
  expect(await send(method, probe)).toMatchObject({ status: 401, code: 401 });
  expect(await send(method, probe, "not-a-session")).toMatchObject({ status: 401, code: 401 });
  if (access === "owner") {
    const stranger = await send(method, probe, f.other.token);
    expect([403, 404], `another user got ${stranger.status} ${stranger.msg}`).toContain(stranger.status);
  }
  if (access === "moderator") {
    expect(await send(method, probe, f.owner.token)).toMatchObject({ status: 403, code: 403 });
    letIn(await send(method, probe, f.moderator.token));
    return;
  }
  letIn(await send(method, probe, ownerToken));
}

async function checkSocket(): Promise<void> {
  const anonymous = await openSocket(base, "");
  expect((await anonymous.closed).code).toBe(4401);
  const stranger = await openSocket(base, "not-a-session");
  expect((await stranger.closed).code).toBe(4401);
  const signedIn = await openSocket(base, f.owner.token);
  signedIn.send({ type: "ping" });
  await signedIn.next(isType("pong"));
  await signedIn.close();
}

/** What a route lets whom do: its declaration, refined by its rule. */
function accessOf(route: DeclaredRoute): Access {
  if (route.api.socketFrames) return "socket";
  return RULES[route.key]?.access ?? route.api.access;
}

describe("the authorization matrix", () => {
  it("has rules only for registered routes, owners only on signed-in ones", () => {
    const declared = new Map(t.routes.map((route) => [route.key, route.api.access]));
    for (const [key, rule] of Object.entries(RULES)) {
      expect(declared.has(key), `${key} is not a registered route`).toBe(true);
      if (rule.access === "owner") expect(declared.get(key), key).toBe("signed-in");
    }
  });

  for (const route of t.routes) {
    const access = accessOf(route);
    it(`${route.key} is ${access}`, async () => {
      if (access === "socket") await checkSocket();
      else await checkHttpRoute(route.method, route.url, access, RULES[route.key]);
    });
  }
});

/**
 * Each route again, its rightful caller only, each after the clock moved past the lifetime of every
 * cache the server keeps in memory (the longest, the prohibited-word rules; the answer cache and
 * the viewers' blocks keep RESPONSE_CACHE_MS): a cache read again inside a transaction once hung
 * the whole server on SQLite. An answer must come, and not a 5xx.
 */
describe("every route after a pause past every in-memory cache's lifetime", () => {
  const pauseMs = Math.max(RULES_TTL_MS, t.config.responseCacheMs) + 1000;
  // Back to the real clock after each test, so each moves it further than the last.
  let shift = 0;
  afterEach(() => vi.useRealTimers());

  for (const route of t.routes) {
    const access = accessOf(route);
    if (access === "socket") continue;
    const rule = RULES[route.key];
    it(`${route.key} answers`, async () => {
      const probe: Probe = rule?.probe ? await rule.probe(f) : { url: route.url };
      shift += pauseMs;
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + shift });
      const caller =
        access === "moderator"
          ? f.moderator.token
          : access === "public"
            ? undefined
            : (probe.ownerToken ?? f.owner.token);
      letIn(await send(route.method, probe, caller));
    });
  }
});
