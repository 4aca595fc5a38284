/**
 * 通行密钥 (passkeys, WebAuthn): a key the phone or computer keeps and unlocks with a fingerprint,
 * a face or its screen lock. Each ceremony has two calls: one for the options the browser's
 * `navigator.credentials` takes (with a one-use `challengeId`), one that sends the browser's answer
 * back with that id. The answers are the WebAuthn JSON forms (`@simplewebauthn/browser` makes them).
 */
import { text } from "./fields.js";
import { PasskeyLimits } from "./values/accounts.js";
import { z } from "./zod.js";

export const PasskeySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    /** Synced to the owner's other devices by their password manager (WebAuthn backup state). */
    synced: z.boolean(),
  })
  .describe("One of the caller's passkeys.");
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeysSchema = z
  .object({
    passkeys: z.array(PasskeySchema),
    passkeyOnly: z.boolean().describe("仅通行密钥登录: password sign-in and e-mail reset are refused."),
  })
  .describe("The caller's passkeys, newest first.");
export type Passkeys = z.infer<typeof PasskeysSchema>;

export const WebAuthnOptionsSchema = z
  .object({
    challengeId: z.string().describe("One use, for this ceremony only; send it back with the browser's answer."),
    options: z
      .record(z.string(), z.unknown())
      .describe("PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON."),
  })
  .describe("What the browser's passkey prompt needs.");
export type WebAuthnOptions = z.infer<typeof WebAuthnOptionsSchema>;

/** The browser's answer (RegistrationResponseJSON or AuthenticationResponseJSON), checked by the server. */
export const WebAuthnResponseSchema = z.looseObject({
  id: text().min(1).max(1024),
  rawId: text().min(1).max(1024),
  type: z.literal("public-key"),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
  authenticatorAttachment: text().max(32).optional(),
});
export type WebAuthnResponse = z.infer<typeof WebAuthnResponseSchema>;

const ChallengeIdSchema = text().min(1).max(200);

export const AddPasskeyBodySchema = z.object({
  challengeId: ChallengeIdSchema,
  name: text()
    .trim()
    .min(1, "请给通行密钥起个名字")
    .max(PasskeyLimits.nameMaxLength, `名字不能超过 ${PasskeyLimits.nameMaxLength} 个字`),
  response: WebAuthnResponseSchema,
});
export type AddPasskeyBody = z.infer<typeof AddPasskeyBodySchema>;

export const PasskeyLoginOptionsBodySchema = z
  .object({ username: text().trim().min(1).max(64).optional() })
  .describe("Without `username`: any passkey of this site the device holds (discoverable credentials).");
export type PasskeyLoginOptionsBody = z.infer<typeof PasskeyLoginOptionsBodySchema>;

export const PasskeyAnswerBodySchema = z.object({ challengeId: ChallengeIdSchema, response: WebAuthnResponseSchema });
export type PasskeyAnswerBody = z.infer<typeof PasskeyAnswerBodySchema>;

export const PasskeyOnlyBodySchema = z.object({ on: z.boolean() });
export type PasskeyOnlyBody = z.infer<typeof PasskeyOnlyBodySchema>;
