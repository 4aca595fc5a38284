import { TwoStepLimits } from "@xianzhi/contract";
import { Secret, TOTP } from "otpauth";

/** The name authenticator apps show above the account's codes. */
const ISSUER = "闲置";

function totpOf(secret: string, accountName = "") {
  return new TOTP({
    issuer: ISSUER,
    label: accountName,
    secret: Secret.fromBase32(secret),
    digits: TwoStepLimits.codeLength,
    period: TwoStepLimits.periodSeconds,
    algorithm: "SHA1",
  });
}

/** A new secret of 160 bits (RFC 4226's recommended length), in Base32 as the apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** otpauth://totp/闲置:<name>?secret=…: what the QR code holds. */
export function otpauthUri(secret: string, accountName: string): string {
  return totpOf(secret, accountName).toString();
}

/**
 * The time step the code belongs to, when it is the code of a step within the window around
 * `nowMs`; null otherwise. The step is what makes a code single-use: the account keeps the last
 * one accepted.
 */
export function stepOfCode(secret: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: TwoStepLimits.windowSteps });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / TwoStepLimits.periodSeconds) + delta;
}
