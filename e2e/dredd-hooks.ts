import { randomUUID } from "node:crypto";
import { type EmailPurpose, type Order, type RecoveryCodes, TwoStepLimits, type TwoStepSetup } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { vi } from "vitest";
import { DEMO_PASSWORD, type DemoUsername } from "../server/src/demo/demo-goods.js";
import { demo } from "../server/src/demo/demo-ids.js";
import { settleOrder } from "../server/src/features/orders/index.js";
import { PaymentProviderError, signedHeaders } from "../server/src/features/payments/index.js";
import type { ApiDocument } from "../server/src/openapi/api-document.js";
import { serviceDeps } from "../server/src/services.js";
import {
  captchaWithAnswer,
  emailTicketFor,
  mailedCode,
  type RegisteredUser,
  readNewestMail,
  registerUser,
  solveCaptcha,
} from "../server/src/test-support/accounts.js";
import { multipart, postGoods, testJpeg, uploadFileId } from "../server/src/test-support/goods.js";
import {
  buy,
  deliverWebhooks,
  orderAction,
  orderOf,
  paymentIdOf,
  paymentRefOf,
  payOnSandbox,
  sandboxOf,
} from "../server/src/test-support/orders.js";
import {
  type CreationOptions,
  PasskeyAuthenticator,
  type RequestOptions,
} from "../server/src/test-support/passkey-authenticator.js";
import { withPasskeyOnly } from "../server/src/test-support/passkeys.js";
import { askedRefund, refundAction, refundBody } from "../server/src/test-support/refunds.js";
import { call } from "../server/src/test-support/test-app.js";
import { answerOffer, madeOffer } from "../server/src/test-support/trade.js";

/** A transaction as Dredd hands it to its hooks (Dredd 14's fields, those read here). */
export interface DreddTransaction {
  name: string;
  fullPath: string;
  request: { method: string; uri: string; headers: Record<string, string>; body: string | Buffer };
  expected: { statusCode: string; body?: string };
  real?: { statusCode: number; body?: string };
  skip: boolean;
  fail: boolean | string;
  /** Gavel's comparison of the answer with the document's, once made. */
  results?: { fields: Record<string, { errors: { message: string }[] }> };
}

type Done = () => void;
export interface DreddHooks {
  beforeEach(hook: (transaction: DreddTransaction, done: Done) => void): void;
  afterEach(hook: (transaction: DreddTransaction, done: Done) => void): void;
}

/** The server Dredd calls, in this process, and the demo users' sessions the examples are made in. */
export interface DemoServer {
  app: FastifyInstance;
  dataDir: string;
  document: ApiDocument;
  tokens: Record<DemoUsername, string>;
}

/** What an operation's example call becomes when it needs what only a call just made can give. */
interface Fresh {
  params?: Record<string, string>;
  token?: string;
  /** JSON, or as it is when a string or a Buffer (a signed text, a multipart form). */
  body?: unknown;
  headers?: Record<string, string>;
}
type Example = { params: Record<string, string>; body: Record<string, unknown> };
type MakeFresh = (server: DemoServer, example: Example) => Promise<Fresh>;

/** What each call came to: the operation and, when it was not a success, why. */
export interface CallResult {
  operation: string;
  status?: number;
  code?: number;
  msg?: string;
  /** Where the answer differs from what the document says of it. */
  problems?: string[];
}

type Operation = {
  parameters: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, unknown>;
  "x-demo-user"?: DemoUsername;
};

/**
 * Dredd's hooks over the demo data: each operation's 200 transaction is called as its example says,
 * by the demo user it names; only where the example names something a call must make first (an
 * order in a given state, a captcha's ticket, a passkey's answer) does a hook make it and put its
 * id or token in. Every call must answer code 200.
 */
export function installHooks(hooks: DreddHooks, server: DemoServer, results: CallResult[]) {
  /** Why a call could not be made; Dredd keeps only that it failed. */
  const failures = new WeakMap<DreddTransaction, string>();
  hooks.beforeEach((transaction, done) => {
    prepare(server, transaction)
      .catch((error: unknown) => {
        failures.set(transaction, `preparing the call failed: ${(error as Error).message}`);
        transaction.fail = true;
      })
      .finally(done);
  });
  hooks.afterEach((transaction, done) => {
    if (!transaction.skip) {
      const [path = ""] = transaction.name.split(" > ");
      const result: CallResult = {
        operation: `${transaction.request.method} ${path}`,
        status: transaction.real?.statusCode,
      };
      try {
        const envelope = JSON.parse(transaction.real?.body ?? "") as { code: number; msg: string };
        Object.assign(result, { code: envelope.code, msg: envelope.msg });
      } catch {
        // Not the envelope: the status says what happened.
      }
      const problems = Object.entries(transaction.results?.fields ?? {}).flatMap(([field, { errors }]) =>
        errors.map((error) => `${field}: ${error.message}`),
      );
      if (problems.length > 0) result.problems = problems;
      const failure = failures.get(transaction);
      if (failure) result.msg = failure;
      else if (result.code !== 200) transaction.fail = `answered ${result.status} ${result.code}: ${result.msg}`;
      results.push(result);
    }
    done();
  });
}

async function prepare(server: DemoServer, transaction: DreddTransaction) {
  const [path = "", , status] = transaction.name.split(" > ");
  const method = transaction.request.method;
  const operation = server.document.paths[path]?.[method.toLowerCase()] as Operation | undefined;
  // Dredd makes a transaction of every documented answer; the examples are calls that succeed.
  // The refusals, and the envelope of any answer (`default`, also named 200), are not called.
  if (!operation || status !== "200" || !expectsSuccess(transaction) || operation.responses["101"]) {
    transaction.skip = true;
    return;
  }
  const user = operation["x-demo-user"];
  if (user) transaction.request.headers.Authorization = `Bearer ${server.tokens[user]}`;
  const makeFresh = FRESH[`${method} ${path}`];
  if (!makeFresh) return;
  const fresh = await makeFresh(server, exampleOf(operation));
  if (fresh.token) transaction.request.headers.Authorization = `Bearer ${fresh.token}`;
  if (fresh.body !== undefined) {
    const raw = Buffer.isBuffer(fresh.body) || typeof fresh.body === "string";
    transaction.request.body = raw ? (fresh.body as string | Buffer) : JSON.stringify(fresh.body);
    transaction.request.headers["Content-Type"] = "application/json";
  }
  Object.assign(transaction.request.headers, fresh.headers);
  if (fresh.params) {
    const query = transaction.fullPath.includes("?")
      ? transaction.fullPath.slice(transaction.fullPath.indexOf("?"))
      : "";
    const uri = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(fresh.params?.[name] ?? ""));
    transaction.fullPath = `${uri}${query}`;
    transaction.request.uri = transaction.fullPath;
  }
}

const expectsSuccess = (transaction: DreddTransaction) => {
  try {
    return (JSON.parse(transaction.expected.body ?? "") as { code?: number }).code === 200;
  } catch {
    return false;
  }
};

const exampleOf = (operation: Operation): Example => ({
  params: Object.fromEntries(
    operation.parameters.filter((each) => each.in === "path").map((each) => [each.name, String(each.example)]),
  ),
  body: (operation.requestBody?.content["application/json"]?.example ?? {}) as Record<string, unknown>,
});

let addresses = 0;
const freshEmail = () => `dredd${++addresses}.${Date.now() % 100_000}@example.com`;

const totpAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: TwoStepLimits.periodSeconds }).generate({
    timestamp,
  });

/** A new account whose password is the demo one, its identity just proven (as 身份验证 does). */
async function freshUser(server: DemoServer): Promise<RegisteredUser> {
  const user = await registerUser(server.app, server.dataDir, { password: DEMO_PASSWORD });
  await call(server.app, "POST", "/api/user/proof", { token: user.token, body: { password: user.password } });
  return user;
}

async function twoStepUser(server: DemoServer) {
  const user = await freshUser(server);
  const setup = await call<TwoStepSetup>(server.app, "POST", "/api/user/two-step/setup", {
    token: user.token,
    body: { password: user.password },
  });
  const enabled = await call<RecoveryCodes>(server.app, "POST", "/api/user/two-step/enable", {
    token: user.token,
    body: { code: totpAt(setup.data.secret, Date.now()) },
  });
  if (enabled.code !== 200) throw new Error(`two-step not enabled: ${enabled.msg}`);
  return { ...user, secret: setup.data.secret, recoveryCodes: enabled.data.recoveryCodes };
}

async function signIn(server: DemoServer, username: DemoUsername, headers: Record<string, string> = {}) {
  const reply = await call(server.app, "POST", "/api/user/login/username", {
    body: { username, password: DEMO_PASSWORD },
    headers,
  });
  if (reply.code !== 200) throw new Error(`${username} could not sign in: ${reply.msg}`);
  return reply.data.token as string;
}

/** The sides of the examples' orders and refunds: carol buys alice's goods. */
const BUYER = "carol";
const SELLER = "alice";

/** An order of new goods of the seller's, bought by the buyer to the address in the book; paid unless said. */
async function order(
  server: DemoServer,
  step: "unpaid" | "paid" | "shipped",
  delivery: "shipping" | "meetup" = "shipping",
) {
  const { app, tokens } = server;
  const goods = await postGoods(app, tokens[SELLER]);
  const addressId = delivery === "shipping" ? demo.address(BUYER) : undefined;
  const bought = await buy(app, tokens[BUYER], { goodsId: goods.id, delivery, addressId });
  if (bought.code !== 200) throw new Error(`buying failed: ${bought.msg}`);
  if (step === "unpaid") return bought.data;
  await payOnSandbox(app, bought.data);
  await deliverWebhooks(app);
  if (step === "paid") return bought.data;
  const body = delivery === "shipping" ? { carrier: "ZTO", trackingNumber: "75123456789012" } : {};
  const shipped = await orderAction(app, tokens[SELLER], bought.data.id, "ship", body);
  if (shipped.code !== 200) throw new Error(`shipping failed: ${shipped.msg}`);
  return shipped.data as Order;
}

const orderIn = (step: "unpaid" | "paid" | "shipped") => async (server: DemoServer) => ({
  params: { id: (await order(server, step)).id },
});

type RefundStep = "requested" | "countered" | "refused" | "disputed" | "awaiting_return" | "return_shipped";

/** A refund the buyer asked for on a shipped order, moved on to `step` by the moves people make. */
async function refund(server: DemoServer, step: RefundStep) {
  const { app, tokens } = server;
  const shipped = await order(server, "shipped");
  const kind = step === "awaiting_return" || step === "return_shipped" ? "return" : "refund_only";
  const asked = await askedRefund(
    app,
    tokens[BUYER],
    shipped.id,
    refundBody({ kind, amountCents: shipped.totalCents }),
  );
  const move = async (token: string, action: string, body?: unknown) => {
    const moved = await refundAction(app, token, asked.id, action, body);
    if (moved.code !== 200) throw new Error(`${action} failed: ${moved.msg}`);
  };
  if (step === "countered") await move(tokens[SELLER], "agree", { amountCents: Math.floor(shipped.totalCents / 2) });
  if (step === "refused" || step === "disputed") await move(tokens[SELLER], "refuse", { text: "商品完好" });
  if (step === "disputed") await move(tokens[BUYER], "escalate");
  if (step === "awaiting_return" || step === "return_shipped")
    await move(tokens[SELLER], "agree", { addressId: demo.address(SELLER) });
  if (step === "return_shipped")
    await move(tokens[BUYER], "return", { carrier: "SF", trackingNumber: "SF1234567890125" });
  return asked.id;
}

const refundIn = (step: RefundStep) => async (server: DemoServer) => ({ params: { id: await refund(server, step) } });

/** An offer carol makes on new goods of bob's, as the demo's open offer is. */
async function openOffer(server: DemoServer) {
  const { app, tokens } = server;
  const goods = await postGoods(app, tokens[demo.sellerOf(demo.trade.open.goodsIndex)], { priceCents: 100_000 });
  return madeOffer(app, tokens[demo.trade.open.buyer], goods.id, 50_000);
}

/** A deal on new goods of bob's that alice's offer started, as the demo's reserved deal is. */
async function reservedDeal(server: DemoServer) {
  const { app, tokens } = server;
  const seller = demo.sellerOf(demo.trade.reserved.goodsIndex);
  const goods = await postGoods(app, tokens[seller]);
  const offer = await madeOffer(app, tokens[demo.trade.reserved.buyer], goods.id, 5_000);
  const accepted = await answerOffer(app, tokens[seller], offer.id, "accept");
  return accepted.data.dealId as string;
}

/** A refund the provider refused on every try, as the console lists it; the provider is back after. */
async function failedSettlement(server: DemoServer) {
  const { app, tokens } = server;
  const paid = await order(server, "paid", "meetup");
  const refunding = vi
    .spyOn(sandboxOf(app), "refund")
    .mockRejectedValue(new PaymentProviderError("sandbox: the provider is down"));
  try {
    await orderAction(app, tokens[SELLER], paid.id, "refund");
    while (await isRetried(app, tokens[demo.moderator], paid.id)) await settleOrder(serviceDeps(app), Number(paid.id));
  } finally {
    refunding.mockRestore();
  }
  return paid.id;
}

/** Whether the settlement job still tries the order's money by itself (not yet listed as failed). */
async function isRetried(app: FastifyInstance, moderatorToken: string, orderId: string) {
  const failed = await call(app, "GET", "/api/admin/settlements", { token: moderatorToken });
  return !(failed.data as { orderId: string }[]).some((each) => each.orderId === orderId);
}

/** A passkey the account adds, as the personal centre does: its id. */
async function newPasskey(server: DemoServer, token: string) {
  const device = new PasskeyAuthenticator();
  const options = await call(server.app, "POST", "/api/user/passkeys/options", { token });
  const response = device.create(options.data.options as CreationOptions);
  const added = await call(server.app, "POST", "/api/user/passkeys", {
    token,
    body: { challengeId: options.data.challengeId, name: "平板", response },
  });
  if (added.code !== 200) throw new Error(`adding a passkey failed: ${added.msg}`);
  return added.data.id as string;
}

const FRESH: Record<string, MakeFresh> = {
  // Sign-up and sign-in: a captcha solved, a mailed code read, a second step or passkey answered.
  "POST /api/com/confirmcaptcha": async ({ app }) => ({ body: await captchaWithAnswer(app) }),
  "POST /api/com/email": async ({ app }, { body }) => ({ body: { ...body, captchaTicket: await solveCaptcha(app) } }),
  // A code goes to an address once a minute: these two have addresses of their own.
  "POST /api/com/confirmemail": async ({ app, dataDir }, { body }) => {
    const email = freshEmail();
    return { body: { ...body, email, code: await mailedCode(app, dataDir, email, body.purpose as EmailPurpose) } };
  },
  "POST /api/user/reg": async ({ app, dataDir }, { body }) => {
    const email = freshEmail();
    return { body: { ...body, email, emailTicket: await emailTicketFor(app, dataDir, email, "register") } };
  },
  "POST /api/user/login/two-step": async (server) => {
    const user = await twoStepUser(server);
    const signedIn = await call(server.app, "POST", "/api/user/login/username", {
      body: { username: user.username, password: user.password },
    });
    return { body: { twoStepTicket: signedIn.data.twoStepTicket, code: user.recoveryCodes[0] } };
  },
  "POST /api/user/login/passkey": async (server) => {
    const user = await freshUser(server);
    const device = await withPasskeyOnly(server.app, user);
    const options = await call(server.app, "POST", "/api/user/login/passkey/options", { body: {} });
    const response = device.get(options.data.options as RequestOptions);
    return { body: { challengeId: options.data.challengeId, response } };
  },
  "POST /api/user/device-alerts/deny": async (server) => {
    // alice signs in from a browser she never used: the alert's link carries the token.
    await signIn(server, "alice", { "user-agent": `Mozilla/5.0 (X11; Linux x86_64) Dredd/${randomUUID()}` });
    const { text } = await readNewestMail(server.dataDir, "alice@example.com");
    const token = /device-alert#token=([\w-]+)/.exec(text.replace(/=\r?\n/g, "").replace(/=3D/g, "="))?.[1];
    return { body: { token } };
  },

  // A session's own end, and changes of an account's identity: a session or account of their own,
  // so the demo users' sessions and passwords stay as the other examples need them.
  "POST /api/user/logout": async (server) => ({ token: await signIn(server, "alice") }),
  "DELETE /api/user/sessions/{id}": async (server) => {
    const token = await signIn(server, "alice");
    const sessions = await call(server.app, "GET", "/api/user/sessions", { token });
    const current = (sessions.data as { id: string; current: boolean }[]).find((session) => session.current);
    return { params: { id: current?.id ?? "" } };
  },
  "PUT /api/user/email": async (server, { body }) => {
    const user = await freshUser(server);
    const email = String(body.email);
    const emailTicket = await emailTicketFor(server.app, server.dataDir, email, "change_email", user.token);
    return { token: user.token, body: { ...body, emailTicket } };
  },
  "PUT /api/user/password": async (server) => ({ token: (await freshUser(server)).token }),
  "POST /api/user/password/reset": async (server, { body }) => {
    const user = await freshUser(server);
    const emailTicket = await emailTicketFor(server.app, server.dataDir, user.email, "reset_password");
    return { body: { ...body, email: user.email, emailTicket } };
  },
  "POST /api/user/delete": async (server) => ({ token: (await freshUser(server)).token }),
  "POST /api/user/two-step/enable": async (server) => {
    const user = await freshUser(server);
    const setup = await call<TwoStepSetup>(server.app, "POST", "/api/user/two-step/setup", {
      token: user.token,
      body: { password: user.password },
    });
    return { token: user.token, body: { code: totpAt(setup.data.secret, Date.now()) } };
  },
  // Enabling took this step's code: the next step's, within the window, is a new one.
  "POST /api/user/two-step/recovery-codes": async (server) => {
    const user = await twoStepUser(server);
    return { token: user.token, body: { code: totpAt(user.secret, Date.now() + TwoStepLimits.periodSeconds * 1000) } };
  },
  "POST /api/user/two-step/disable": async (server) => {
    const user = await twoStepUser(server);
    return { token: user.token, body: { password: user.password, code: user.recoveryCodes[0] } };
  },
  // A passkey changes how its account proves it is its owner: an account of its own has it.
  "POST /api/user/passkeys": async (server, { body }) => {
    const { token } = await freshUser(server);
    const options = await call(server.app, "POST", "/api/user/passkeys/options", { token });
    const response = new PasskeyAuthenticator().create(options.data.options as CreationOptions);
    return { token, body: { ...body, challengeId: options.data.challengeId, response } };
  },
  "DELETE /api/user/passkeys/{id}": async (server) => {
    const { token } = await freshUser(server);
    return { token, params: { id: await newPasskey(server, token) } };
  },
  "POST /api/admin/account-recovery": async (server, { body }) => {
    const user = await freshUser(server);
    await withPasskeyOnly(server.app, user);
    return { body: { ...body, username: user.username } };
  },

  // alice's address stays for the returns later calls send to her.
  "DELETE /api/addresses/{id}": async (server) => {
    const added = await call(server.app, "POST", "/api/addresses", {
      token: server.tokens.alice,
      body: { recipientName: "爱丽丝", phone: "13800000001", region: "上海市 闵行区", street: "莘庄 2 号" },
    });
    return { params: { id: added.data.id } };
  },

  // Pictures: a file uploaded, as the browser's form sends it.
  "POST /api/com/upload": async () => {
    const { body, headers } = multipart(await testJpeg(), "photo.jpg", "image/jpeg");
    return { body, headers: { "Content-Type": headers["content-type"] } };
  },
  "POST /api/pic/add": async (server, { body }) => ({
    body: { ...body, fileId: await uploadFileId(server.app, server.tokens.alice) },
  }),

  // Trades past their first step: the demo's open offer and reserved deal are answered once.
  "POST /api/offers/{id}/decline": async (server) => ({ params: { id: (await openOffer(server)).id } }),
  "POST /api/offers/{id}/withdraw": async (server) => ({ params: { id: (await openOffer(server)).id } }),
  "POST /api/offers/{id}/counter": async (server) => ({ params: { id: (await openOffer(server)).id } }),
  "POST /api/deals/{id}/cancel": async (server) => ({ params: { id: await reservedDeal(server) } }),

  // Orders: each call has an order of its own in the step it is taken from (the example's id is
  // the first order on a fresh start, which the calls before may have made already).
  "GET /api/orders/{id}": orderIn("unpaid"),
  "POST /api/orders/{id}/pay": orderIn("unpaid"),
  "POST /api/orders/{id}/cancel": orderIn("unpaid"),
  "POST /api/orders/{id}/request-cancel": orderIn("paid"),
  "POST /api/orders/{id}/refund": orderIn("paid"),
  "POST /api/orders/{id}/ship": orderIn("paid"),
  "POST /api/orders/{id}/extend": orderIn("shipped"),
  "POST /api/orders/{id}/confirm": orderIn("shipped"),
  "POST /api/orders/{id}/pickup": async (server) => {
    const ready = await order(server, "shipped", "meetup");
    const detail = await orderOf(server.app, server.tokens[BUYER], ready.id);
    return { params: { id: ready.id }, body: { code: detail.pickupCode } };
  },
  "GET /api/sandbox-pay/{paymentId}": async (server) => ({
    params: { paymentId: paymentIdOf(await order(server, "unpaid")) },
  }),
  "POST /api/sandbox-pay/{paymentId}/pay": async (server) => ({
    params: { paymentId: paymentIdOf(await order(server, "unpaid")) },
  }),
  "POST /api/sandbox-pay/{paymentId}/fail": async (server) => ({
    params: { paymentId: paymentIdOf(await order(server, "unpaid")) },
  }),
  // The provider's word: a payment the sandbox took without telling, signed as it signs.
  "POST /api/payments/{provider}/webhook": async (server) => {
    const unpaid = await order(server, "unpaid");
    await payOnSandbox(server.app, unpaid, "no_webhook");
    const id = `evt_${randomUUID()}`;
    const at = new Date();
    const body = JSON.stringify({
      id,
      type: "payment.succeeded",
      paymentRef: await paymentRefOf(server.app, unpaid.id),
      amountCents: unpaid.totalCents,
      occurredAt: at.toISOString(),
    });
    const secret = server.app.config.payments.sandboxWebhookSecret;
    return { body, headers: signedHeaders(secret, id, body, at) };
  },

  // Refunds, each from the step its move is taken in.
  "POST /api/orders/{id}/refund-request": async (server, { body }) => {
    const shipped = await order(server, "shipped");
    return { params: { id: shipped.id }, body: { ...body, amountCents: shipped.totalCents } };
  },
  "GET /api/refunds/{id}": refundIn("requested"),
  "POST /api/refunds/{id}/agree": refundIn("requested"),
  "POST /api/refunds/{id}/refuse": refundIn("requested"),
  "POST /api/refunds/{id}/withdraw": refundIn("requested"),
  "POST /api/refunds/{id}/accept": refundIn("countered"),
  "POST /api/refunds/{id}/escalate": refundIn("refused"),
  "POST /api/refunds/{id}/statement": refundIn("disputed"),
  "POST /api/refunds/{id}/return": refundIn("awaiting_return"),
  "POST /api/refunds/{id}/receive": refundIn("return_shipped"),
  "POST /api/refunds/{id}/reject-return": refundIn("return_shipped"),
  "GET /api/admin/disputes/{id}": refundIn("disputed"),
  "POST /api/admin/disputes/{id}/ruling": refundIn("disputed"),
  "POST /api/admin/settlements/{id}/retry": async (server) => ({ params: { id: await failedSettlement(server) } }),
};
