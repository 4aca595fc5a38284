/**
 * The WebAuthn ceremonies behind 通行密钥: options for the browser's prompt, each with a one-use
 * challenge kept here (bound to the session that asked, for a registration or a proof), and the
 * checks of the browser's answer: the challenge, the origin and relying party, the signature, user
 * verification, and the key's counter (an answer whose counter does not move forward comes from a
 * copy of the key, and is refused and logged).
 */

import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { PasskeyAnswerBody, WebAuthnOptions, WebAuthnResponse } from "@xianzhi/contract";
import { PasskeyLimits } from "@xianzhi/contract";
import type { PasskeyParty } from "../../config.js";
import type { Db, DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import { randomToken, sha256 } from "../../lib/secrets.js";
import type { Deps } from "../../services.js";
import * as keys from "./passkey-repository.js";

export type CeremonyPurpose = "register" | "login" | "proof";

/** Who a ceremony is for: the session that asked (registration, proof) and the account, when known. */
interface CeremonyOwner {
  sessionId: number | null;
  userId: number | null;
}

/** The transports WebAuthn names: what the browser reports is kept only if it is one of them. */
const TRANSPORTS = new Set<string>(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);

const LOCALHOST_ORIGIN = /^http:\/\/localhost(:\d{1,5})?$/;

/** The origin an answer must come from: the configured one, or (without PUBLIC_ORIGIN) localhost on any port. */
function expectedOriginOf(party: PasskeyParty, response: WebAuthnResponse): string {
  if (party.origin) return party.origin;
  const origin = originInAnswer(response);
  return origin && LOCALHOST_ORIGIN.test(origin) ? origin : "http://localhost";
}

function originInAnswer(response: WebAuthnResponse): string | null {
  try {
    const clientData = JSON.parse(isoBase64URL.toUTF8String(String(response.response.clientDataJSON ?? "")));
    return typeof clientData.origin === "string" ? clientData.origin : null;
  } catch {
    return null;
  }
}

async function keepChallenge(
  db: DbOrTx,
  purpose: CeremonyPurpose,
  owner: CeremonyOwner,
  challenge: string,
): Promise<string> {
  const challengeId = randomToken();
  await keys.insertChallenge(db, {
    idHash: sha256(challengeId),
    challenge,
    purpose,
    sessionId: owner.sessionId,
    userId: owner.userId,
    expiresAt: isoAfterSeconds(PasskeyLimits.challengeTtlSeconds),
  });
  return challengeId;
}

/** Takes the challenge out of use whatever the answer turns out to be: each is tried once. */
async function takeChallenge(db: Db, challengeId: string, purpose: CeremonyPurpose, sessionId: number | null) {
  const row = await keys.takeChallenge(db, sha256(challengeId), nowIso());
  if (!row || row.purpose !== purpose || row.sessionId !== sessionId) throw appError("PASSKEY_CHALLENGE_INVALID");
  return row;
}

const timeout = PasskeyLimits.challengeTtlSeconds * 1000;

/** Options for adding a passkey to the account: one the device keeps and unlocks itself (discoverable, verified). */
export async function registrationOptions(
  { db, config }: Deps<"db" | "config">,
  owner: { sessionId: number; userId: number; username: string },
): Promise<WebAuthnOptions> {
  const userHandle = await keys.userHandleOf(db, owner.userId, randomToken());
  const existing = await keys.passkeysOf(db, owner.userId);
  const options = await generateRegistrationOptions({
    rpName: "闲置",
    rpID: config.passkeyParty.rpId,
    userName: owner.username,
    userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(userHandle)),
    attestationType: "none",
    timeout,
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: JSON.parse(key.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  const challengeId = await keepChallenge(db, "register", owner, options.challenge);
  return { challengeId, options: { ...options } };
}

export async function verifyRegistration(
  { db, config }: Deps<"db" | "config">,
  sessionId: number,
  body: PasskeyAnswerBody,
): Promise<keys.PasskeyKey> {
  const challenge = await takeChallenge(db, body.challengeId, "register", sessionId);
  const response = body.response as unknown as RegistrationResponseJSON;
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: expectedOriginOf(config.passkeyParty, body.response),
    expectedRPID: config.passkeyParty.rpId,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verified.verified) throw appError("PASSKEY_REJECTED");
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify((response.response.transports ?? []).filter((transport) => TRANSPORTS.has(transport))),
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
  };
}

/** Options for answering with a passkey: of the account's (`userId`), or any of this site's the device holds. */
export async function authenticationOptions(
  { db, config }: Deps<"db" | "config">,
  purpose: Exclude<CeremonyPurpose, "register">,
  owner: CeremonyOwner,
): Promise<WebAuthnOptions> {
  const allowed = owner.userId === null ? [] : await keys.passkeysOf(db, owner.userId);
  const options = await generateAuthenticationOptions({
    rpID: config.passkeyParty.rpId,
    timeout,
    userVerification: "required",
    allowCredentials: allowed.map((key) => ({ id: key.credentialId, transports: JSON.parse(key.transports) })),
  });
  const challengeId = await keepChallenge(db, purpose, owner, options.challenge);
  return { challengeId, options: { ...options } };
}

/**
 * Checks an answer with a passkey and runs `then` in the transaction that moves the key's counter
 * forward: of two answers racing with the same key, one passes. The passkey must be the account's
 * the challenge was made for, when it was made for one.
 */
export async function withPasskeyAnswer<T>(
  { db, config, log }: Deps<"db" | "config" | "log">,
  purpose: Exclude<CeremonyPurpose, "register">,
  sessionId: number | null,
  body: PasskeyAnswerBody,
  then: (tx: DbOrTx, key: { id: number; userId: number }) => Promise<T>,
): Promise<T> {
  const challenge = await takeChallenge(db, body.challengeId, purpose, sessionId);
  const key = await keys.findPasskeyByCredential(db, body.response.id);
  if (!key || (challenge.userId !== null && key.userId !== challenge.userId)) throw appError("PASSKEY_UNKNOWN");
  const readCounter = Number(key.counter);
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: body.response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: expectedOriginOf(config.passkeyParty, body.response),
      expectedRPID: config.passkeyParty.rpId,
      credential: { id: key.credentialId, publicKey: isoBase64URL.toBuffer(key.publicKey), counter: readCounter },
      requireUserVerification: true,
    });
  } catch (error) {
    if (error instanceof Error && /counter/i.test(error.message)) refuseCopy(log, key, error.message);
    throw appError("PASSKEY_REJECTED");
  }
  if (!verified.verified) throw appError("PASSKEY_REJECTED");
  const { newCounter, credentialBackedUp } = verified.authenticationInfo;
  return db.transaction().execute(async (tx) => {
    const use = { readCounter, counter: newCounter, backedUp: credentialBackedUp, now: nowIso() };
    if (!(await keys.recordPasskeyUse(tx, key.id, use))) refuseCopy(log, key, "another answer moved the counter first");
    return then(tx, { id: key.id, userId: key.userId });
  });
}

function refuseCopy(log: Deps<"log">["log"], key: { id: number; userId: number }, why: string): never {
  log.warn({ passkeyId: key.id, userId: key.userId, why }, "passkey refused: its counter went back (a cloned key?)");
  throw appError("PASSKEY_CLONED");
}
