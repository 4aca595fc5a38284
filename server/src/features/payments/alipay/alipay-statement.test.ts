import { zipSync } from "fflate";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { alipayBillZip, GatewayStandIn, rsaKeys, type TestKeys } from "../../../test-support/alipay-gateway.js";
import { PaymentProviderError, StatementNotReady } from "../payment-provider.js";
import { type StatementEntry, UnreadableBill } from "../statement.js";
import { AlipayProvider } from "./alipay-provider.js";

/**
 * The day's bill from Alipay: the download URL asked of its gateway (signed both ways), then the
 * zip behind it, GBK names and GBK text as Alipay writes them, read into the statement that
 * reconciliation compares with the ledger.
 */
const keys: TestKeys = { app: rsaKeys(), alipay: rsaKeys() };
const gateway = new GatewayStandIn(keys);
let provider: AlipayProvider;
const DAY = "2026-11-27";

beforeAll(async () => {
  const gatewayUrl = await gateway.listen();
  provider = new AlipayProvider({
    alipay: gateway.configFor(gatewayUrl),
    publicOrigin: "https://xianzhi.example",
    paymentMinutes: 30,
  });
});
afterAll(() => gateway.close());
beforeEach(() => {
  gateway.calls.length = 0;
  gateway.files.clear();
});

const entries: StatementEntry[] = [
  {
    kind: "pay",
    paymentRef: "XZ20261127A",
    providerRef: "2026112722001400000000001",
    amountCents: 8_800,
    at: "2026-11-27T02:00:00.000Z",
  },
  {
    kind: "pay",
    paymentRef: "XZ20261127B",
    providerRef: "2026112722001400000000002",
    amountCents: 1_999,
    at: "2026-11-27T03:00:00.000Z",
  },
  {
    kind: "refund",
    paymentRef: "XZ20261127B",
    providerRef: "refund_order_9",
    amountCents: 500,
    at: "2026-11-27T04:30:00.000Z",
  },
];

/** The gateway answers the download URL query with `bytes` served at that URL. */
function billOf(bytes: Uint8Array) {
  const url = gateway.serve("bill.zip", bytes);
  gateway.answer = () => ({ code: "10000", msg: "Success", bill_download_url: url });
}

describe("Alipay's bill of a day", () => {
  it("is asked for by day as the trade bill, downloaded, and read: every payment and refund in fen", async () => {
    billOf(alipayBillZip(DAY, entries));
    expect(await provider.statement(DAY)).toEqual(entries);
    expect(gateway.calls).toEqual([
      {
        method: "alipay.data.dataservice.bill.downloadurl.query",
        biz: { bill_type: "trade", bill_date: DAY },
        signedByApp: true,
      },
    ]);
    // Releases (分账) are in no line of the trade bill: reconciliation is told not to look for them there.
    expect(provider.statementKinds).toEqual(["pay", "refund"]);
  });

  it("of a day Alipay has no bill of (not cut yet, or no trades) is not ready, not empty", async () => {
    gateway.answer = () => ({
      code: "40004",
      msg: "Business Failed",
      sub_code: "isp.bill_not_exist",
      sub_msg: "账单不存在",
    });
    await expect(provider.statement(DAY)).rejects.toBeInstanceOf(StatementNotReady);
  });

  it("that cannot be read stops the comparison instead of comparing with part of it", async () => {
    billOf(new TextEncoder().encode("<html>not a zip</html>"));
    await expect(provider.statement(DAY)).rejects.toBeInstanceOf(UnreadableBill);

    billOf(zipSync({ "readme.txt": new TextEncoder().encode("no bill here") }));
    await expect(provider.statement(DAY)).rejects.toThrow("no 业务明细");

    // The URL lives 30 seconds: one used too late is gone.
    billOf(new Uint8Array());
    gateway.files.clear();
    await expect(provider.statement(DAY)).rejects.toThrow("404");

    gateway.answer = () => ({ code: "10000", msg: "Success" });
    await expect(provider.statement(DAY)).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("is not believed when the answer naming its URL is not signed by Alipay", async () => {
    billOf(alipayBillZip(DAY, entries));
    gateway.signingKey = rsaKeys().privateKey;
    try {
      await expect(provider.statement(DAY)).rejects.toBeInstanceOf(PaymentProviderError);
    } finally {
      gateway.signingKey = keys.alipay.privateKey;
    }
  });
});
