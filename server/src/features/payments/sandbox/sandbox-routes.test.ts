import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { SandboxProvider } from "./sandbox-provider.js";

/** The pay page's calls, through the app as the web app makes them (PAYMENT_PROVIDER=sandbox, the default). */
let t: TestApp;
let sandbox: SandboxProvider;

beforeAll(async () => {
  t = await createTestApp();
  if (!(t.app.payments instanceof SandboxProvider)) throw new Error("the test app's provider is the sandbox");
  sandbox = t.app.payments;
});
afterAll(() => t.close());

async function newPayment() {
  const { payUrl } = await sandbox.createPayment({
    paymentRef: `P${randomBytes(8).toString("hex")}`,
    amountCents: 9900,
    subject: "闲置相机",
    returnUrl: "https://xianzhi.example/orders/3",
    onPhone: true,
  });
  return `/api${payUrl}`;
}

describe("the sandbox pay page", () => {
  it("shows the payment, pays it once and then refuses, with a Chinese reason", async () => {
    const page = await newPayment();
    const paymentId = page.split("/").pop();
    expect(await call(t.app, "GET", page)).toEqual({
      status: 200,
      code: 200,
      msg: "成功",
      data: {
        id: paymentId,
        subject: "闲置相机",
        amountCents: 9900,
        status: "pending",
        returnUrl: "https://xianzhi.example/orders/3",
      },
    });
    expect(await call(t.app, "POST", `${page}/pay`)).toMatchObject({
      status: 200,
      msg: "支付成功",
      data: { status: "succeeded" },
    });
    expect(await call(t.app, "POST", `${page}/pay`, { body: {} })).toMatchObject({
      code: 1804,
      msg: "这笔支付已经完成，无需重复支付",
      data: null,
    });
    expect(await call(t.app, "POST", `${page}/fail`)).toMatchObject({ code: 1804 });
    expect((await call(t.app, "GET", page)).data.status).toBe("succeeded");
  });

  it("fails a payment by 支付失败, or by the declined mode", async () => {
    const failed = await newPayment();
    expect(await call(t.app, "POST", `${failed}/fail`)).toMatchObject({ msg: "支付失败", data: { status: "failed" } });
    const declined = await newPayment();
    expect(await call(t.app, "POST", `${declined}/pay`, { body: { mode: "declined" } })).toMatchObject({
      msg: "支付失败",
      data: { status: "failed" },
    });
  });

  it("takes a failure mode, and refuses one it does not know", async () => {
    const page = await newPayment();
    expect(await call(t.app, "POST", `${page}/pay`, { body: { mode: "teleport" } })).toMatchObject({
      status: 400,
      code: 400,
    });
    expect((await call(t.app, "GET", page)).data.status).toBe("pending");
    expect(await call(t.app, "POST", `${page}/pay`, { body: { mode: "no_webhook" } })).toMatchObject({
      data: { status: "succeeded" },
    });
  });

  it("answers 404 for a payment that does not exist", async () => {
    for (const [method, url] of [
      ["GET", "/api/sandbox-pay/nope"],
      ["POST", "/api/sandbox-pay/nope/pay"],
      ["POST", "/api/sandbox-pay/nope/fail"],
    ] as const) {
      expect(await call(t.app, method, url)).toMatchObject({ status: 404, code: 404, msg: "支付单不存在" });
    }
  });
});
