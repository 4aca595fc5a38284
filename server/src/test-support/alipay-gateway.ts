import { createSign, generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { zipSync } from "fflate";
import iconv from "iconv-lite";
import { register } from "tsx/cjs/api";
import type { AlipayConfig } from "../config.js";
import { type AlipaySdk, newAlipaySdk, type StatementEntry, writeBill } from "../features/payments/index.js";

// The tests' workers resolve packages with the "source" condition (vitest.config.ts), under which
// the SDK's dependency ylru is TypeScript: tsx's require hook lets Node read it, as `npm run` commands do.
register();

/**
 * Alipay's side, for tests only: key pairs made here, Alipay's signatures made and ours checked by
 * the official SDK, and a local HTTP server answering as Alipay's gateway does.
 */

export interface RsaKeys {
  /** PKCS#1 PEM, as Alipay's key tool makes for non-Java apps. */
  privateKey: string;
  /** SPKI PEM. */
  publicKey: string;
}

export function rsaKeys(): RsaKeys {
  return generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
  });
}

export const APP_ID = "2021000000000001";

/** The keys of a test: Xianzhi's app key pair and Alipay's. */
export interface TestKeys {
  app: RsaKeys;
  alipay: RsaKeys;
}

/**
 * The SDK as Alipay's side uses it: signing with Alipay's private key, checking with the app's
 * public key what the app signed.
 */
export function alipaySide(keys: TestKeys, appId = APP_ID): AlipaySdk {
  return newAlipaySdk({ appId, privateKey: keys.alipay.privateKey, alipayPublicKey: keys.app.publicKey });
}

/**
 * An asynchronous notify as Alipay posts it: form fields signed with Alipay's private key by the
 * SDK's own signer (sdkExecute). That signer adds its request fields (method, charset, version,
 * sign_type, timestamp) and app_id; they ride along as fields of the notify, and are signed as such.
 */
export function signedNotify(side: AlipaySdk, fields: Record<string, string>): string {
  return side.sdkExecute("alipay.trade.page.pay", fields);
}

export interface GatewayCall {
  method: string;
  /** The request's biz_content. */
  biz: Record<string, unknown>;
  /** Whether the request's RSA2 signature is the app's. */
  signedByApp: boolean;
}

type Answer = Record<string, unknown>;

const PARTNER_ID = "2088000000000001";

/**
 * A day's bill as Alipay's download serves it: a zip of two GBK CSV files, the 业务明细 and its
 * 汇总, named in GBK without the zip's UTF-8 flag.
 */
export function alipayBillZip(day: string, entries: StatementEntry[]): Uint8Array {
  const compact = day.replaceAll("-", "");
  const files = {
    [`${PARTNER_ID}_${compact}_业务明细.csv`]: writeBill(day, PARTNER_ID, entries),
    [`${PARTNER_ID}_${compact}_业务明细(汇总).csv`]: `#支付宝业务汇总查询\n门店编号,门店名称,交易订单总笔数\n,,${entries.length}`,
  };
  // fflate writes names as UTF-8; Alipay's are GBK. Each name goes in as ASCII of its GBK length,
  // and its bytes are put in place afterwards (names are outside the files' checksums).
  const placeholders = Object.keys(files).map((name, index) => String(index).repeat(iconv.encode(name, "gbk").length));
  const zip = Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.values(files).map((text, index) => [placeholders[index], new Uint8Array(iconv.encode(text, "gbk"))]),
      ),
    ),
  );
  Object.keys(files).forEach((name, index) => {
    const from = Buffer.from(placeholders[index] as string, "latin1");
    const to = iconv.encode(name, "gbk");
    for (let at = zip.indexOf(from); at >= 0; at = zip.indexOf(from, at + to.length)) to.copy(zip, at);
  });
  return new Uint8Array(zip);
}

/** A local stand-in of Alipay's gateway: each call's answer comes from `answer`, signed as Alipay signs. */
export class GatewayStandIn {
  readonly calls: GatewayCall[] = [];
  answer: (call: GatewayCall) => Answer = () => ({ code: "10000", msg: "Success" });
  /** Files the stand-in serves at GET /files/{name}, as Alipay's bill download does. */
  readonly files = new Map<string, Uint8Array>();
  #origin = "";
  /** The key the answers are signed with: Alipay's, unless a test forges them. */
  signingKey: string;
  readonly #server = http.createServer((req, res) => this.#handle(req, res));
  readonly #side: AlipaySdk;

  constructor(readonly keys: TestKeys) {
    this.signingKey = keys.alipay.privateKey;
    this.#side = alipaySide(keys);
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.#origin = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return `${this.#origin}/gateway.do`;
  }

  /** Serves `bytes` for download; answers its URL (as bill_download_url). */
  serve(name: string, bytes: Uint8Array): string {
    this.files.set(name, bytes);
    return `${this.#origin}/files/${encodeURIComponent(name)}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  /** The app's configuration pointed at this gateway. */
  configFor(gateway: string): AlipayConfig {
    return {
      appId: APP_ID,
      privateKey: this.keys.app.privateKey,
      alipayPublicKey: this.keys.alipay.publicKey,
      gateway,
    };
  }

  #handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const file = /^\/files\/([^?]+)/.exec(req.url ?? "");
    if (req.method === "GET" && file) {
      const bytes = this.files.get(decodeURIComponent(file[1] as string));
      res.statusCode = bytes ? 200 : 404;
      res.setHeader("content-type", "application/zip");
      res.end(bytes ?? "");
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const params: Record<string, string> = {};
      new URL(req.url ?? "/", "http://gateway").searchParams.forEach((value, name) => {
        params[name] = value;
      });
      new URLSearchParams(Buffer.concat(chunks).toString("utf8")).forEach((value, name) => {
        params[name] = value;
      });
      const method = params.method ?? "";
      const call = {
        method,
        biz: JSON.parse(params.biz_content ?? "{}") as Record<string, unknown>,
        signedByApp: this.#side.checkNotifySignV2(params),
      };
      this.calls.push(call);
      const answer = call.signedByApp
        ? this.answer(call)
        : { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-signature", sub_msg: "验签出错" };
      const inner = JSON.stringify(answer);
      // Alipay signs the answer object's JSON text (RSA2). The SDK exports no signer of arbitrary
      // text, so node:crypto signs it here; the SDK's own check (exec's validateSign) verifies it.
      const sign = createSign("RSA-SHA256").update(inner, "utf8").sign(this.signingKey, "base64");
      res.setHeader("content-type", "application/json;charset=utf-8");
      res.end(`{"${method.replaceAll(".", "_")}_response":${inner},"sign":"${sign}"}`);
    });
  }
}
