import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Db, openDatabase } from "../../../db/database.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { type PaymentEvent, WebhookRejected } from "../payment-provider.js";
import { RETRY_DELAYS_SECONDS, WEBHOOK_ATTEMPTS_MAX } from "./sandbox-delivery.js";
import type { SandboxPayMode } from "./sandbox-events.js";
import { SandboxProvider } from "./sandbox-provider.js";
import { SandboxHeaders, signedHeaders } from "./sandbox-signature.js";

const SECRET = "a-test-secret-of-sixteen";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The product's webhook endpoint as the sandbox sees it: what arrived, and what it answers. */
class Receiver {
  readonly arrived: { headers: Record<string, string>; body: string; event: PaymentEvent }[] = [];
  answer: (event: PaymentEvent) => number | Promise<number> = () => 200;

  readonly send = async (webhook: { headers: Record<string, string>; body: string }) => {
    const eventId = webhook.headers[SandboxHeaders.eventId] ?? "";
    const event = JSON.parse(webhook.body) as PaymentEvent & { id: string };
    this.arrived.push({ ...webhook, event: { ...event, eventId } });
    return this.answer(event);
  };

  /** The events about one payment, in the order they arrived. */
  of(paymentRef: string) {
    return this.arrived.filter((webhook) => webhook.event.paymentRef === paymentRef);
  }
}

function sandboxOn(db: Db, receiver: Receiver, deliverAfterMs: number | null = null) {
  return new SandboxProvider({ db, secret: SECRET, send: receiver.send, deliverAfterMs });
}

async function paid(sandbox: SandboxProvider, mode: SandboxPayMode = "normal", amountCents = 8800) {
  const paymentRef = `P${randomBytes(8).toString("hex")}`;
  const { payUrl } = await sandbox.createPayment({
    paymentRef,
    amountCents,
    subject: "二手自行车",
    returnUrl: "https://xianzhi.example/orders/2",
    onPhone: false,
  });
  const paymentId = payUrl.replace("/sandbox-pay/", "");
  await sandbox.pay(paymentId, mode);
  // Times after the payment, so its webhooks are due at `at(0)`.
  const paidAt = Date.now();
  return { paymentRef, paymentId, at: (seconds: number) => new Date(paidAt + seconds * 1000) };
}

const asRequest = (webhook: { headers: Record<string, string>; body: string }) => ({
  headers: webhook.headers,
  rawBody: webhook.body,
});

describe("the sandbox's webhook signature", () => {
  const receiver = new Receiver();
  let sandbox: SandboxProvider;
  let webhook: { headers: Record<string, string>; body: string };
  let sentAt: Date;

  beforeAll(async () => {
    sandbox = sandboxOn(t.app.db, receiver);
    const payment = await paid(sandbox, "normal", 12_345);
    sentAt = payment.at(0);
    await sandbox.deliverDueWebhooks(sentAt);
    const [sent] = receiver.of(payment.paymentRef);
    if (!sent) throw new Error("the webhook was not sent");
    webhook = sent;
  });

  it("is accepted as sent, and the event is what happened", async () => {
    const event = sandbox.verifyWebhook(asRequest(webhook), sentAt);
    const row = await t.app.db
      .selectFrom("sandboxPayments")
      .select(["merchantRef", "paidAt"])
      .where("merchantRef", "=", JSON.parse(webhook.body).paymentRef)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      eventId: webhook.headers[SandboxHeaders.eventId],
      type: "payment.succeeded",
      paymentRef: row.merchantRef,
      amountCents: 12_345,
      occurredAt: row.paidAt,
    });
    expect(webhook.headers[SandboxHeaders.timestamp]).toBe(String(Math.floor(sentAt.getTime() / 1000)));
    expect(webhook.headers["content-type"]).toBe(sandbox.webhookContentType);
  });

  it("is accepted within five minutes of the receiver's clock either way, refused outside", () => {
    const request = asRequest(webhook);
    const shifted = (seconds: number) => new Date(sentAt.getTime() + seconds * 1000);
    expect(sandbox.verifyWebhook(request, shifted(299)).eventId).toBeTruthy();
    expect(sandbox.verifyWebhook(request, shifted(-299)).eventId).toBeTruthy();
    expect(() => sandbox.verifyWebhook(request, shifted(301))).toThrow(WebhookRejected);
    expect(() => sandbox.verifyWebhook(request, shifted(-301))).toThrow(WebhookRejected);
  });

  it("refuses a changed body, another secret, a missing header and a body that names another event", () => {
    const refused = (request: { headers: Record<string, string>; rawBody: string }) =>
      expect(() => sandbox.verifyWebhook(request, sentAt)).toThrow(WebhookRejected);
    const body = JSON.parse(webhook.body);
    refused({ ...asRequest(webhook), rawBody: JSON.stringify({ ...body, amountCents: 1 }) });
    refused({ ...asRequest(webhook), rawBody: `${webhook.body} ` });
    refused({ headers: signedHeaders("another-secret-sixteen", body.id, webhook.body, sentAt), rawBody: webhook.body });
    for (const name of Object.values(SandboxHeaders)) {
      const { [name]: _left, ...headers } = webhook.headers;
      refused({ headers, rawBody: webhook.body });
    }
    refused({ headers: { ...webhook.headers, [SandboxHeaders.signature]: "zz" }, rawBody: webhook.body });
    // Validly signed, but the body is another event than the header's id: not believed.
    refused({ headers: signedHeaders(SECRET, "evt_another", webhook.body, sentAt), rawBody: webhook.body });
    // Validly signed, but not an event.
    for (const rawBody of ["not json", JSON.stringify({ ...body, type: "payment.refunded" })]) {
      refused({ headers: signedHeaders(SECRET, body.id, rawBody, sentAt), rawBody });
    }
  });
});

describe("the failure modes picked at pay time", () => {
  const receiver = new Receiver();
  let sandbox: SandboxProvider;
  beforeAll(() => {
    sandbox = sandboxOn(t.app.db, receiver);
  });

  const delivered = async (payment: { paymentRef: string; at: (seconds: number) => Date }) => {
    await sandbox.deliverDueWebhooks(payment.at(0));
    return receiver.of(payment.paymentRef).map(({ event }) => event);
  };

  it("normal sends payment.succeeded once", async () => {
    const payment = await paid(sandbox);
    const events = await delivered(payment);
    expect(events).toMatchObject([{ type: "payment.succeeded", amountCents: 8800 }]);
    expect(await delivered(payment)).toHaveLength(1);
  });

  it("declined sends payment.failed", async () => {
    const payment = await paid(sandbox, "declined");
    expect(await delivered(payment)).toMatchObject([{ type: "payment.failed", amountCents: 8800 }]);
    expect(await sandbox.paymentStatus(payment.paymentRef)).toEqual({ state: "failed", amountCents: null });
  });

  it("duplicate sends the same event, with the same id, twice", async () => {
    const payment = await paid(sandbox, "duplicate");
    const events = await delivered(payment);
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual(events[1]);
    expect(events[0]).toMatchObject({ type: "payment.succeeded" });
  });

  it("out_of_order sends, after the success, a failure that claims to have happened before it", async () => {
    const payment = await paid(sandbox, "out_of_order");
    const [succeeded, stale] = (await delivered(payment)) as [PaymentEvent, PaymentEvent];
    expect([succeeded.type, stale.type]).toEqual(["payment.succeeded", "payment.failed"]);
    expect(Date.parse(stale.occurredAt)).toBeLessThan(Date.parse(succeeded.occurredAt));
    expect(stale.eventId).not.toBe(succeeded.eventId);
  });

  it("no_webhook never sends one: the payment is found by its status", async () => {
    const payment = await paid(sandbox, "no_webhook", 4200);
    expect(await delivered(payment)).toEqual([]);
    await sandbox.deliverDueWebhooks(payment.at(24 * 3600));
    expect(receiver.of(payment.paymentRef)).toEqual([]);
    expect(await sandbox.paymentStatus(payment.paymentRef)).toEqual({ state: "succeeded", amountCents: 4200 });
  });
});

describe("delivery", () => {
  it("retries on its schedule while the endpoint fails, then gives up keeping the last error", async () => {
    const receiver = new Receiver();
    receiver.answer = () => 503;
    const sandbox = sandboxOn(t.app.db, receiver);
    const payment = await paid(sandbox);
    const attempts = () => receiver.of(payment.paymentRef).length;
    let elapsed = 0;
    await sandbox.deliverDueWebhooks(payment.at(elapsed));
    expect(attempts()).toBe(1);
    for (const [index, delay] of RETRY_DELAYS_SECONDS.entries()) {
      await sandbox.deliverDueWebhooks(payment.at(elapsed + delay - 1));
      expect(attempts()).toBe(index + 1);
      elapsed += delay;
      await sandbox.deliverDueWebhooks(payment.at(elapsed));
      expect(attempts()).toBe(index + 2);
    }
    expect(attempts()).toBe(WEBHOOK_ATTEMPTS_MAX);
    await sandbox.deliverDueWebhooks(payment.at(elapsed + 30 * 24 * 3600));
    expect(attempts()).toBe(WEBHOOK_ATTEMPTS_MAX);
    // Each attempt is signed at its own time of sending.
    const stamps = receiver.of(payment.paymentRef).map(({ headers }) => Number(headers[SandboxHeaders.timestamp]));
    expect((stamps.at(-1) ?? 0) - (stamps[0] ?? 0)).toBe(elapsed);
    const row = await t.app.db
      .selectFrom("sandboxWebhooks")
      .innerJoin("sandboxPayments", "sandboxPayments.id", "sandboxWebhooks.paymentId")
      .select(["attempts", "deliveredAt", "lastError"])
      .where("merchantRef", "=", payment.paymentRef)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: WEBHOOK_ATTEMPTS_MAX, deliveredAt: null, lastError: "HTTP 503" });
  });

  it("stops retrying once the endpoint takes it, also after send itself threw", async () => {
    const receiver = new Receiver();
    const answers: (() => number)[] = [
      () => {
        throw new Error("connection refused");
      },
      () => 500,
      () => 200,
    ];
    receiver.answer = () => (answers.shift() ?? (() => 200))();
    const sandbox = sandboxOn(t.app.db, receiver);
    const payment = await paid(sandbox);
    await sandbox.deliverDueWebhooks(payment.at(0));
    await sandbox.deliverDueWebhooks(payment.at(5));
    expect(await sandbox.deliverDueWebhooks(payment.at(35))).toBeGreaterThanOrEqual(1);
    await sandbox.deliverDueWebhooks(payment.at(3600));
    expect(receiver.of(payment.paymentRef)).toHaveLength(3);
  });

  it("from two deliverers at once sends each webhook once", async () => {
    const second = openDatabase(t.database);
    try {
      const receiver = new Receiver();
      // Each send yields, so the two deliverers interleave.
      receiver.answer = () => new Promise((resolve) => setImmediate(() => resolve(200)));
      const a = sandboxOn(t.app.db, receiver);
      const b = sandboxOn(second, receiver);
      const payments = [];
      for (let i = 0; i < 8; i++) payments.push(await paid(i % 2 ? a : b));
      const now = new Date();
      const counts = await Promise.all([a.deliverDueWebhooks(now), b.deliverDueWebhooks(now)]);
      for (const payment of payments) expect(receiver.of(payment.paymentRef)).toHaveLength(1);
      expect(counts[0] + counts[1]).toBeGreaterThanOrEqual(payments.length);
    } finally {
      await second.destroy();
    }
  });

  it("takes over a webhook whose deliverer died while sending, a minute later", async () => {
    const receiver = new Receiver();
    let hang: (status: number) => void = () => {};
    receiver.answer = () => new Promise((resolve) => (hang = resolve));
    const dying = sandboxOn(t.app.db, receiver);
    const payment = await paid(dying);
    const stuck = dying.deliverDueWebhooks(payment.at(0));
    await vi.waitFor(() => expect(receiver.of(payment.paymentRef)).toHaveLength(1));

    const other = new Receiver();
    const alive = sandboxOn(t.app.db, other);
    await alive.deliverDueWebhooks(payment.at(30));
    expect(other.of(payment.paymentRef)).toHaveLength(0);
    await alive.deliverDueWebhooks(payment.at(61));
    expect(other.of(payment.paymentRef)).toHaveLength(1);
    // The first deliverer's late answer does not undo the second's delivery.
    hang(500);
    await stuck;
    await alive.deliverDueWebhooks(payment.at(3600));
    expect(other.of(payment.paymentRef)).toHaveLength(1);
  });

  it("goes out by itself soon after the buyer pays, so the order shows paid at once", async () => {
    const receiver = new Receiver();
    const sandbox = sandboxOn(t.app.db, receiver, 10);
    const payment = await paid(sandbox);
    await vi.waitFor(() => expect(receiver.of(payment.paymentRef)).toHaveLength(1), { timeout: 2000 });
    sandbox.close();
  });
});
