/**
 * 两步验证: a TOTP code from an authenticator app after the password, or one of ten recovery
 * codes. A sign-in whose password is right answers TWO_STEP_REQUIRED with a ticket (the
 * TwoStepChallenge) instead of a token; POST /user/login/two-step trades the ticket and a code for
 * the token.
 */
import { CurrentPasswordSchema } from "./accounts.js";
import { text } from "./fields.js";
import { WebAuthnResponseSchema } from "./passkeys.js";
import {
  RECOVERY_CODE_PATTERN,
  TWO_STEP_CODE_MESSAGE,
  TWO_STEP_CODE_PATTERN,
  TWO_STEP_OR_RECOVERY_MESSAGE,
} from "./values/accounts.js";
import { z } from "./zod.js";

/** A code from the app, or a recovery code: either is a proof of the second factor. */
export const TwoStepProofSchema = text()
  .trim()
  .refine((code) => TWO_STEP_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code), TWO_STEP_OR_RECOVERY_MESSAGE)
  .describe("Six digits from the authenticator app, or a recovery code (ABCDE-FGHJK).");

/** The data of the TWO_STEP_REQUIRED answer to a right password. */
export const TwoStepChallengeSchema = z
  .object({
    twoStepTicket: z.string().describe("One use; POST /user/login/two-step with it and a code."),
    expiresAt: z.string(),
  })
  .describe("The password was right; the account asks for its second step.");
export type TwoStepChallenge = z.infer<typeof TwoStepChallengeSchema>;

export const TwoStepLoginBodySchema = z.object({
  twoStepTicket: text().min(1).max(200),
  code: TwoStepProofSchema,
});
export type TwoStepLoginBody = z.infer<typeof TwoStepLoginBodySchema>;

export const TwoStepStatusSchema = z
  .object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    recoveryCodesLeft: z.number().describe("Unused recovery codes; 0 when two-step sign-in is off."),
  })
  .describe("Whether the caller's sign-in asks for a second step.");
export type TwoStepStatus = z.infer<typeof TwoStepStatusSchema>;

export const TwoStepSetupBodySchema = z.object({ password: CurrentPasswordSchema });
export type TwoStepSetupBody = z.infer<typeof TwoStepSetupBodySchema>;

export const TwoStepSetupSchema = z
  .object({
    secret: z.string().describe("Base32, for typing into the app by hand."),
    otpauthUri: z.string().describe("otpauth://totp/… for the QR code."),
  })
  .describe("A new secret, not in use until a first code from it confirms it.");
export type TwoStepSetup = z.infer<typeof TwoStepSetupSchema>;

export const TwoStepEnableBodySchema = z.object({
  code: text().trim().regex(TWO_STEP_CODE_PATTERN, TWO_STEP_CODE_MESSAGE),
});
export type TwoStepEnableBody = z.infer<typeof TwoStepEnableBodySchema>;

export const RecoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()).describe("Shown this once; each signs in once.") })
  .describe("Ten one-time recovery codes.");
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const TwoStepDisableBodySchema = z.object({ password: CurrentPasswordSchema, code: TwoStepProofSchema });
export type TwoStepDisableBody = z.infer<typeof TwoStepDisableBodySchema>;

/**
 * What proves the caller is the account's owner: a passkey for an account that has one, else a code
 * for an account with 两步验证, else the password.
 */
export const ProofMethodSchema = z.enum(["passkey", "two_step", "password"]);
export type ProofMethod = z.infer<typeof ProofMethodSchema>;

export const ProveIdentityBodySchema = z
  .object({
    password: CurrentPasswordSchema.optional(),
    code: TwoStepProofSchema.optional(),
    challengeId: text().min(1).max(200).optional(),
    response: WebAuthnResponseSchema.optional(),
  })
  .describe(
    "`challengeId` (POST /user/proof/passkey-options) and the browser's `response` for an account with a passkey, else `code` for one with two-step sign-in on, else `password`.",
  );
export type ProveIdentityBody = z.infer<typeof ProveIdentityBodySchema>;

export const IdentityProofSchema = z
  .object({
    method: ProofMethodSchema,
    provenUntil: z
      .string()
      .nullable()
      .describe("Until when this session may change money or identity; null: not proven."),
  })
  .describe("身份验证 of the caller's session.");
export type IdentityProof = z.infer<typeof IdentityProofSchema>;
