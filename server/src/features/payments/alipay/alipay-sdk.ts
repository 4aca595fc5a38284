import { createRequire } from "node:module";
import path from "node:path";

/**
 * The part of the official SDK (alipay-sdk v4, class AlipaySdk) Xianzhi uses, typed here.
 *
 * Why not `import { AlipaySdk } from "alipay-sdk"`: the package also publishes its TypeScript
 * source under the "source" export condition, the condition this repository's tsconfig, tsx
 * commands and test runner use to read its own workspace packages from source. A static import
 * would make tsc type-check the SDK's source under this repository's stricter settings, which it
 * does not pass. So its CommonJS build is required by path, whatever the conditions, and only
 * when PAYMENT_PROVIDER=alipay. (Its dependency ylru does the same; Node under tsx, and the tests'
 * workers once test-support/alipay-gateway.ts has loaded, read that TypeScript; plain Node reads its build.)
 */
export interface AlipaySdkConfig {
  appId: string;
  privateKey: string;
  keyType?: "PKCS1" | "PKCS8";
  alipayPublicKey?: string;
  gateway?: string;
  signType?: "RSA2";
  /** false: answers keep Alipay's snake_case names. */
  camelcase?: boolean;
  timeout?: number;
}

/** A gateway answer: code 10000 is success, anything else a refusal explained by sub_code and sub_msg. */
export interface AlipaySdkResult {
  code: string;
  msg: string;
  sub_code?: string;
  sub_msg?: string;
  [field: string]: unknown;
}

export interface AlipaySdk {
  /** Calls the gateway (POST); validateSign verifies the answer's signature with Alipay's public key. */
  exec(
    method: string,
    params: { bizContent: Record<string, unknown> },
    options: { validateSign: boolean },
  ): Promise<AlipaySdkResult>;
  /** A page interface's signed URL (GET) or auto-submitting form (POST), built without a call. */
  pageExecute(method: string, httpMethod: "GET" | "POST", params: Record<string, unknown>): string;
  /** A signed request string (an app's order string): every field, then sign, form-encoded. */
  sdkExecute(method: string, params: Record<string, unknown>): string;
  /** Verifies a notify's fields (already form-decoded) against Alipay's public key. */
  checkNotifySignV2(fields: Record<string, string>): boolean;
}

const require = createRequire(import.meta.url);

/** Loaded on first use: only with PAYMENT_PROVIDER=alipay (and its tests). */
let sdkClass: (new (config: AlipaySdkConfig) => AlipaySdk) | undefined;

export function newAlipaySdk(config: AlipaySdkConfig): AlipaySdk {
  if (!sdkClass) {
    const packageDir = path.dirname(require.resolve("alipay-sdk/package.json"));
    sdkClass = (require(path.join(packageDir, "dist/commonjs/index.js")) as { AlipaySdk: typeof sdkClass }).AlipaySdk;
  }
  return new (sdkClass as new (config: AlipaySdkConfig) => AlipaySdk)(config);
}
