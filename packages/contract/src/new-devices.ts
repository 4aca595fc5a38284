/**
 * 新设备登录提醒: a sign-in from a device the account has not used before is told by e-mail and in
 * the notifications. The e-mail's 不是我本人 link ends that session and starts a password reset.
 */
import { text } from "./fields.js";
import { z } from "./zod.js";

export const DenyDeviceBodySchema = z.object({ token: text().min(1).max(200) });
export type DenyDeviceBody = z.infer<typeof DenyDeviceBodySchema>;

export const DeniedDeviceSchema = z
  .object({
    email: z.string().describe("The account's address, for the reset that follows."),
    emailTicket: z
      .string()
      .nullable()
      .describe(
        "A reset_password ticket for POST /user/password/reset; null for an account that signs in with passkeys only.",
      ),
  })
  .describe("The session was signed out on every process.");
export type DeniedDevice = z.infer<typeof DeniedDeviceSchema>;
