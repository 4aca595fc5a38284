import { Errors } from "./errors.js";
import { shownName, text } from "./fields.js";
import {
  AccountLimits,
  EMAIL_CODE_MESSAGE,
  EMAIL_CODE_PATTERN,
  PASSWORD_MESSAGE,
  PASSWORD_PATTERN,
  USERNAME_MESSAGE,
  USERNAME_PATTERN,
} from "./values/accounts.js";
import { z } from "./zod.js";

export const UsernameSchema = shownName(
  text().trim().min(AccountLimits.usernameMin).max(AccountLimits.usernameMax),
).regex(USERNAME_PATTERN, USERNAME_MESSAGE);

export const PasswordSchema = text()
  .min(AccountLimits.passwordMin)
  .max(AccountLimits.passwordMax)
  .regex(PASSWORD_PATTERN, PASSWORD_MESSAGE);

/** A password the user already has: checked against the stored one, so only its length is bounded. */
export const CurrentPasswordSchema = text().min(1).max(AccountLimits.passwordMax);

/** E-mail addresses are compared case-insensitively, so they are kept in lower case. */
export const EmailSchema = text().trim().toLowerCase().max(AccountLimits.emailMax).pipe(z.email());

const TicketSchema = text().min(1).max(200);

export const EmailPurposeSchema = z.enum(["register", "change_email", "reset_password"]);
export type EmailPurpose = z.infer<typeof EmailPurposeSchema>;

export const CaptchaSchema = z.object({ captchaId: z.string(), svg: z.string().describe("The image markup.") });
export type Captcha = z.infer<typeof CaptchaSchema>;

export const ConfirmCaptchaBodySchema = z.object({
  captchaId: text().min(1).max(100),
  code: text().trim().min(1).max(20),
});
export type ConfirmCaptchaBody = z.infer<typeof ConfirmCaptchaBodySchema>;

export const SendEmailCodeBodySchema = z.object({
  email: EmailSchema,
  captchaTicket: TicketSchema,
  purpose: EmailPurposeSchema,
});
export type SendEmailCodeBody = z.infer<typeof SendEmailCodeBodySchema>;

export const ConfirmEmailBodySchema = z.object({
  email: EmailSchema,
  code: text().trim().regex(EMAIL_CODE_PATTERN, EMAIL_CODE_MESSAGE),
  purpose: EmailPurposeSchema,
});
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBodySchema>;

export const RegisterBodySchema = z.object({
  username: UsernameSchema,
  password: PasswordSchema,
  email: EmailSchema,
  emailTicket: TicketSchema,
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginByUsernameBodySchema = z.object({
  username: text().trim().min(1).max(AccountLimits.usernameMax),
  password: CurrentPasswordSchema,
});
export type LoginByUsernameBody = z.infer<typeof LoginByUsernameBodySchema>;

export const LoginByEmailBodySchema = z.object({
  email: EmailSchema,
  password: CurrentPasswordSchema,
});
export type LoginByEmailBody = z.infer<typeof LoginByEmailBodySchema>;

/**
 * Avatars are pictures the user uploaded here, as the upload answered them ("/files/<fileId>.webp"
 * or its thumbnail, or the same names at the picture store's address when the server keeps them
 * in a bucket): an address elsewhere would tell another server about everyone who sees it. The
 * server checks the address is its own store's and the picture the user's.
 */
export const AVATAR_URL_PATTERN = /^(?:\/files|https?:\/\/[^\s?#]+)\/([A-Za-z0-9]{1,64})(?:-thumb)?\.webp$/;

/** The upload an avatar address shows, or null for none. */
export function avatarFileId(avatarUrl: string): string | null {
  return AVATAR_URL_PATTERN.exec(avatarUrl)?.[1] ?? null;
}

/** "" clears the avatar. */
const AvatarUrlSchema = text()
  .trim()
  .max(AccountLimits.avatarUrlMax)
  .refine((url) => url === "" || AVATAR_URL_PATTERN.test(url), Errors.BAD_AVATAR.msg);

export const UpdateProfileBodySchema = z
  .object({
    nickname: shownName(text().trim().min(1).max(AccountLimits.nicknameMax)).optional(),
    avatarUrl: AvatarUrlSchema.optional(),
    bio: text().trim().max(AccountLimits.bioMax).optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), "请至少修改一项资料");
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

/** The current password too, so a signed-in browser left open cannot move the account elsewhere. */
export const ChangeEmailBodySchema = z.object({
  email: EmailSchema,
  emailTicket: TicketSchema,
  password: CurrentPasswordSchema,
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

export const ChangePasswordBodySchema = z.object({
  oldPassword: CurrentPasswordSchema,
  newPassword: PasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ResetPasswordBodySchema = z.object({
  email: EmailSchema,
  emailTicket: TicketSchema,
  newPassword: PasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** The signed-in user's own account (GET /user/getinfo). */
export const UserInfoSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string(),
  createdAt: z.string(),
  role: z
    .enum(["user", "moderator"])
    .optional()
    .describe('"moderator" for those who may open the moderation console (/admin); absent for everyone else.'),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** What other people see of a user: never the e-mail. */
export const PublicUserSchema = UserInfoSchema.pick({
  id: true,
  username: true,
  nickname: true,
  avatarUrl: true,
}).describe("What other people see of a user: never the e-mail.");
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** What registering and signing in answer: the session token and the user. */
export const AuthResultSchema = z
  .object({
    token: z.string().describe("The session token: send it as `Authorization: Bearer <token>`."),
    userInfo: UserInfoSchema,
  })
  .describe("The session token and the signed-in user.");
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const CaptchaTicketSchema = z
  .object({ captchaTicket: z.string() })
  .describe("A solved captcha: one use, short-lived, for POST /com/email.");
export type CaptchaTicket = z.infer<typeof CaptchaTicketSchema>;

export const EmailTicketSchema = z
  .object({ emailTicket: z.string() })
  .describe("A confirmed e-mail address: one use, for registering, changing the e-mail or resetting the password.");
export type EmailTicket = z.infer<typeof EmailTicketSchema>;

/** 登录设备: one signed-in session of the caller's, as GET /user/sessions lists it. */
export const SessionDeviceSchema = z
  .object({
    id: z.string(),
    current: z.boolean().describe("The session this request is made with."),
    browser: z.string().describe("From the user agent: 'Chrome 131', '微信 8.0'; 未知浏览器 when it says nothing."),
    system: z
      .string()
      .describe("From the user agent: 'Android 14', 'iOS 17.5', 'Windows'; 未知系统 when it says nothing."),
    deviceType: z.enum(["phone", "tablet", "desktop", "unknown"]),
    address: z.string().describe("The network address it signed in from, its last part hidden: '203.0.113.*'."),
    place: z
      .string()
      .nullable()
      .describe("Where that address is, coarsely ('吉林 长春', '瑞典 林雪平'); null without GEOIP_DB or when unknown."),
    createdAt: z.string().describe("When it signed in."),
    lastSeenAt: z.string().describe("When it was last used, to within ten minutes."),
  })
  .describe("A signed-in session of the caller's, with the device it is on.");
export type SessionDevice = z.infer<typeof SessionDeviceSchema>;
export const SessionDeviceListSchema = z.array(SessionDeviceSchema);
export type SessionDeviceList = z.infer<typeof SessionDeviceListSchema>;

/** POST /user/sessions/end-others: how many sessions were signed out. */
export const EndedSessionsSchema = z.object({ ended: z.number() });
export type EndedSessions = z.infer<typeof EndedSessionsSchema>;
