import { createPrivateKey, createPublicKey } from "node:crypto";
import { type AlipayConfig, ConfigError } from "../../../config.js";
import { type AlipaySdk, newAlipaySdk } from "./alipay-sdk.js";

/** Alipay's production gateway, when ALIPAY_GATEWAY is unset (its sandbox is https://openapi-sandbox.dl.alipaydev.com/gateway.do). */
export const ALIPAY_GATEWAY = "https://openapi.alipay.com/gateway.do";

/** A key as PEM: given as PEM, or as the bare base64 Alipay's key tool shows. */
function pemOf(key: string, label: string): string {
  const trimmed = key.trim();
  if (trimmed.startsWith("-----BEGIN")) return trimmed.replace(/\\n/g, "\n");
  const body =
    trimmed
      .replace(/\s+/g, "")
      .match(/.{1,64}/g)
      ?.join("\n") ?? "";
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----`;
}

/**
 * The app's private key and its format: Alipay's key tool makes PKCS#8 ("PRIVATE KEY", for Java)
 * or PKCS#1 ("RSA PRIVATE KEY"); the SDK must be told which. A key that parses as neither stops
 * the start, as a missing one does.
 */
function privateKeyOf(key: string): { pem: string; keyType: "PKCS1" | "PKCS8" } {
  const candidates = key.includes("-----BEGIN")
    ? [pemOf(key, "")]
    : [pemOf(key, "PRIVATE KEY"), pemOf(key, "RSA PRIVATE KEY")];
  for (const pem of candidates) {
    try {
      if (createPrivateKey(pem).asymmetricKeyType !== "rsa") continue;
      return { pem, keyType: pem.includes("BEGIN RSA PRIVATE KEY") ? "PKCS1" : "PKCS8" };
    } catch {}
  }
  throw new ConfigError("Invalid configuration:\n  ALIPAY_PRIVATE_KEY: is not an RSA private key (PEM or base64)");
}

function publicKeyOf(key: string): string {
  const pem = pemOf(key, "PUBLIC KEY");
  try {
    if (createPublicKey(pem).asymmetricKeyType === "rsa") return pem;
  } catch {}
  throw new ConfigError("Invalid configuration:\n  ALIPAY_PUBLIC_KEY: is not an RSA public key (PEM or base64)");
}

/**
 * The official SDK with Xianzhi's keys, checked here so a bad key stops the start. RSA2 signing;
 * answers kept in Alipay's own snake_case names, as its documents write them.
 */
export function alipaySdkOf(config: AlipayConfig): AlipaySdk {
  const privateKey = privateKeyOf(config.privateKey);
  return newAlipaySdk({
    appId: config.appId,
    privateKey: privateKey.pem,
    keyType: privateKey.keyType,
    alipayPublicKey: publicKeyOf(config.alipayPublicKey),
    gateway: config.gateway ?? ALIPAY_GATEWAY,
    signType: "RSA2",
    camelcase: false,
  });
}
