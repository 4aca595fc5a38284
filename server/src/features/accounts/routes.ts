import {
  AddPasskeyBodySchema,
  type AuthResult,
  AuthResultSchema,
  CaptchaSchema,
  CaptchaTicketSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  ConfirmCaptchaBodySchema,
  ConfirmEmailBodySchema,
  DeniedDeviceSchema,
  DenyDeviceBodySchema,
  EmailTicketSchema,
  EndedSessionsSchema,
  IdentityProofSchema,
  IdParamsSchema,
  LoginByEmailBodySchema,
  LoginByUsernameBodySchema,
  PasskeyAnswerBodySchema,
  PasskeyLoginOptionsBodySchema,
  PasskeyOnlyBodySchema,
  PasskeySchema,
  PasskeysSchema,
  ProveIdentityBodySchema,
  RecoveryCodesSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SendEmailCodeBodySchema,
  SessionDeviceListSchema,
  TwoStepDisableBodySchema,
  TwoStepEnableBodySchema,
  TwoStepLoginBodySchema,
  TwoStepSetupBodySchema,
  TwoStepSetupSchema,
  TwoStepStatusSchema,
  UpdateProfileBodySchema,
  UserInfoSchema,
  WebAuthnOptionsSchema,
} from "@xianzhi/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { DEMO_PASSWORD } from "../../demo/demo-goods.js";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { PRIVATE_NO_STORE } from "../../http/private-answers.js";
import { KEEPS_SHARED_ANSWERS } from "../../http/response-cache.js";
import { optionalUser, userOf } from "../../plugins/auth.js";
import { clientAddress } from "../../plugins/rate-limit.js";
import { serviceDeps } from "../../services.js";
import * as accounts from "./account-service.js";
import { confirmCaptcha, createCaptcha } from "./captcha-service.js";
import { confirmEmailCode, sendEmailCode } from "./email-code-service.js";
import { identityProof, proofPasskeyOptions, proveIdentity } from "./identity-proof.js";
import { denyDevice, deviceTokenOf } from "./new-devices.js";
import { addPasskey, listPasskeys, newPasskeyOptions, removePasskey, setPasskeyOnly } from "./passkeys.js";
import { endOtherSessionDevices, endSessionDevice, sessionDevices } from "./session-devices.js";
import type { SessionClient } from "./session-repository.js";
import { disableTwoStep, enableTwoStep, renewRecoveryCodes, setUpTwoStep, twoStepStatus } from "./two-step.js";

/** The shape of what the browser's WebAuthn call answers (navigator.credentials), as JSON. */
const PASSKEY_RESPONSE_SHAPE = {
  id: "the credential id, base64url",
  rawId: "the credential id, base64url",
  type: "public-key" as const,
  response: { clientDataJSON: "base64url", authenticatorData: "base64url", signature: "base64url" },
  clientExtensionResults: {},
};

const route = apiRoutes("accounts");

/** The longest User-Agent kept with a session: enough for any browser's, not a place to store text. */
const USER_AGENT_MAX = 512;

/** Where a sign-in comes from, kept with its session for 登录设备. */
const clientOf = (req: FastifyRequest): SessionClient => ({
  ip: clientAddress(req),
  userAgent: (req.headers["user-agent"] ?? "").slice(0, USER_AGENT_MAX),
  deviceToken: deviceTokenOf(req.headers.cookie),
});

/** A sign-in's answer, with the device cookie it is recognised by next time. */
function signedIn(reply: FastifyReply, { auth, cookie }: { auth: AuthResult; cookie: string }, msg = "登录成功") {
  reply.header("set-cookie", cookie);
  return ok(auth, msg);
}

export const accountRoutes: ApiRoutes = async (app) => {
  app.get(
    "/com/captcha",
    route.pub(
      { summary: "A new captcha image and its id", answer: CaptchaSchema },
      { preValidation: app.rateLimits.captchaPerAddress },
    ),
    async (req, reply) => {
      reply.header("cache-control", PRIVATE_NO_STORE);
      return ok(await createCaptcha(serviceDeps(app, req)));
    },
  );

  app.post(
    "/com/confirmcaptcha",
    route.pub(
      {
        example: { body: { captchaId: "the captchaId GET /com/captcha answered", code: "K7P2" } },
        summary: "Solve a captcha: a captcha ticket",
        answer: CaptchaTicketSchema,
        body: ConfirmCaptchaBodySchema,
      },
      { preValidation: app.rateLimits.captchaConfirmPerAddress, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => ok(await confirmCaptcha(serviceDeps(app, req), req.body)),
  );

  app.post(
    "/com/email",
    route.pub(
      {
        example: {
          body: {
            email: "dave@example.com",
            captchaTicket: "the ticket POST /com/confirmcaptcha answered",
            purpose: "register",
          },
        },
        summary: "Send an e-mail code",
        answer: null,
        body: SendEmailCodeBodySchema,
      },
      {
        preValidation: [app.rateLimits.emailCodePerAddress, app.rateLimits.emailCodePerRecipient],
        ...KEEPS_SHARED_ANSWERS,
      },
    ),
    async (req) => {
      const me = await optionalUser(req);
      await sendEmailCode(serviceDeps(app, req), req.body, me?.userId ?? null);
      // The same words whether the address has an account or not (see sendEmailCode).
      return ok(
        null,
        req.body.purpose === "reset_password" ? "验证码已发送（如该邮箱已注册）" : "验证码已发送（如该邮箱可用）",
      );
    },
  );

  app.post(
    "/com/confirmemail",
    route.pub(
      {
        example: { body: { email: "dave@example.com", code: "123456", purpose: "register" } },
        summary: "Check an e-mail code: an e-mail ticket",
        answer: EmailTicketSchema,
        body: ConfirmEmailBodySchema,
      },
      KEEPS_SHARED_ANSWERS,
    ),
    async (req) => ok(await confirmEmailCode(serviceDeps(app, req), req.body)),
  );

  app.post(
    "/user/reg",
    route.pub(
      {
        example: {
          body: {
            username: "dave",
            password: DEMO_PASSWORD,
            email: "dave@example.com",
            emailTicket: "the ticket POST /com/confirmemail answered",
          },
        },
        summary: "Register: the session token",
        answer: AuthResultSchema,
        body: RegisterBodySchema,
      },
      { preValidation: app.rateLimits.registerPerAddress, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req, reply) => {
      const deps = serviceDeps(app, req);
      return signedIn(
        reply,
        await accounts.finishSignIn(deps, await accounts.register(deps, req.body, clientOf(req))),
        "注册成功",
      );
    },
  );

  app.post(
    "/user/login/username",
    route.pub(
      {
        example: { body: { username: "alice", password: DEMO_PASSWORD } },
        summary: "Sign in by user name",
        answer: AuthResultSchema,
        body: LoginByUsernameBodySchema,
      },
      { preValidation: app.rateLimits.loginPerAddress, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req, reply) => {
      const deps = serviceDeps(app, req);
      return signedIn(
        reply,
        await accounts.finishSignIn(deps, await accounts.loginByUsername(deps, req.body, clientOf(req))),
      );
    },
  );

  app.post(
    "/user/login/email",
    route.pub(
      {
        example: { body: { email: "alice@example.com", password: DEMO_PASSWORD } },
        summary: "Sign in by e-mail",
        answer: AuthResultSchema,
        body: LoginByEmailBodySchema,
      },
      { preValidation: app.rateLimits.loginPerAddress, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req, reply) => {
      const deps = serviceDeps(app, req);
      return signedIn(
        reply,
        await accounts.finishSignIn(deps, await accounts.loginByEmail(deps, req.body, clientOf(req))),
      );
    },
  );

  app.post(
    "/user/login/two-step",
    route.pub(
      {
        example: { body: { twoStepTicket: "the ticket a password sign-in answered", code: "123456" } },
        summary: "Sign in, second step: the ticket TWO_STEP_REQUIRED gave and a code from the app or a recovery code",
        answer: AuthResultSchema,
        body: TwoStepLoginBodySchema,
      },
      { preValidation: app.rateLimits.loginPerAddress, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req, reply) => {
      const deps = serviceDeps(app, req);
      return signedIn(
        reply,
        await accounts.finishSignIn(deps, await accounts.loginWithTwoStep(deps, req.body, clientOf(req))),
      );
    },
  );

  app.post(
    "/user/login/passkey/options",
    route.pub(
      {
        example: { body: {} },
        summary:
          "Sign in with a passkey, first call: the prompt's options (for the user name's passkeys, or any of this site's)",
        answer: WebAuthnOptionsSchema,
        body: PasskeyLoginOptionsBodySchema,
      },
      { preValidation: app.rateLimits.loginPerAddress, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => {
      return ok(await accounts.passkeyLoginOptions(serviceDeps(app, req), req.body));
    },
  );

  app.post(
    "/user/login/passkey",
    route.pub(
      {
        example: { body: { challengeId: "the challengeId the options answered", response: PASSKEY_RESPONSE_SHAPE } },
        summary: "Sign in with a passkey: the options' challengeId and the browser's answer",
        answer: AuthResultSchema,
        body: PasskeyAnswerBodySchema,
      },
      { preValidation: app.rateLimits.loginPerAddress, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req, reply) => {
      const deps = serviceDeps(app, req);
      return signedIn(
        reply,
        await accounts.finishSignIn(deps, await accounts.loginWithPasskey(deps, req.body, clientOf(req))),
      );
    },
  );

  app.get(
    "/user/getinfo",
    route.user({ example: { as: "alice" }, summary: "The signed-in user", answer: UserInfoSchema }),
    async (req) => ok(await accounts.getUserInfo(serviceDeps(app, req), userOf(req).userId)),
  );

  app.put(
    "/user/userinfo",
    route.user(
      {
        example: { as: "alice", body: { bio: "数码控，闲置出清中" } },
        summary: "Edit the profile: at least one field",
        answer: UserInfoSchema,
        body: UpdateProfileBodySchema,
      },
      { preValidation: app.rateLimits.profileEditPerUser },
    ),
    async (req) => ok(await accounts.updateProfile(serviceDeps(app, req), userOf(req).userId, req.body), "资料已更新"),
  );

  app.put(
    "/user/email",
    route.user(
      {
        example: {
          as: "carol",
          body: {
            email: "carol@example.net",
            emailTicket: "the ticket POST /com/confirmemail answered",
            password: DEMO_PASSWORD,
          },
        },
        summary: "Change the e-mail address",
        answer: UserInfoSchema,
        body: ChangeEmailBodySchema,
      },
      { preValidation: app.rateLimits.passwordCheckPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => {
      return ok(await accounts.changeEmail(serviceDeps(app, req), userOf(req), req.body), "邮箱已更换");
    },
  );

  app.post(
    "/user/logout",
    route.user({ example: { as: "alice" }, summary: "End this session", answer: null }, KEEPS_SHARED_ANSWERS),
    async (req) => {
      const me = userOf(req);
      await accounts.logout(serviceDeps(app, req), me);
      await app.hub.endSessions({ sessionId: me.sessionId });
      return ok(null, "已退出登录");
    },
  );

  app.put(
    "/user/password",
    route.user(
      {
        example: { as: "carol", body: { oldPassword: DEMO_PASSWORD, newPassword: "xianzhi456" } },
        summary: "Change the password",
        answer: null,
        body: ChangePasswordBodySchema,
      },
      { preValidation: app.rateLimits.passwordCheckPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => {
      const me = userOf(req);
      await accounts.changePassword(serviceDeps(app, req), me, req.body);
      await app.hub.endSessions({ userId: me.userId, exceptSessionId: me.sessionId });
      return ok(null, "密码已修改，其他设备已退出登录");
    },
  );

  app.post(
    "/user/password/reset",
    route.pub(
      {
        example: {
          body: {
            email: "carol@example.com",
            emailTicket: "the ticket POST /com/confirmemail answered",
            newPassword: "xianzhi456",
          },
        },
        summary: "Set a new password with an e-mail ticket",
        answer: null,
        body: ResetPasswordBodySchema,
      },
      { preValidation: app.rateLimits.passwordResetPerAddress, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => {
      const userId = await accounts.resetPassword(serviceDeps(app, req), req.body);
      await app.hub.endSessions({ userId });
      return ok(null, "密码已重置，请重新登录");
    },
  );

  app.post(
    "/user/device-alerts/deny",
    route.pub(
      {
        example: { body: { token: "the token in the new-device e-mail" } },
        summary: "不是我本人: the new-device alert's link signs that session out and answers a password-reset ticket",
        answer: DeniedDeviceSchema,
        body: DenyDeviceBodySchema,
      },
      { preValidation: app.rateLimits.passwordResetPerAddress, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => {
      const { sessionId, ...denied } = await denyDevice(serviceDeps(app, req), req.body);
      await app.hub.endSessions({ sessionId });
      return ok(denied, "该设备已退出登录，请设置新密码");
    },
  );

  app.get(
    "/user/sessions",
    route.user({
      example: { as: "alice" },
      summary: "登录设备: the caller's signed-in sessions, this one first",
      answer: SessionDeviceListSchema,
    }),
    async (req) => ok(await sessionDevices(serviceDeps(app, req), userOf(req))),
  );

  app.delete(
    "/user/sessions/:id",
    route.user(
      {
        example: { as: "alice", params: { id: demo.firstMade } },
        summary: "Sign one of the caller's sessions out, on every process",
        answer: null,
        params: IdParamsSchema,
      },
      KEEPS_SHARED_ANSWERS,
    ),
    async (req) => {
      const sessionId = Number(req.params.id);
      await endSessionDevice(serviceDeps(app, req), userOf(req), sessionId);
      await app.hub.endSessions({ sessionId });
      return ok(null, "该设备已退出登录");
    },
  );

  app.post(
    "/user/sessions/end-others",
    route.user(
      {
        example: { as: "alice" },
        summary: "Sign every other session of the caller's out",
        answer: EndedSessionsSchema,
      },
      KEEPS_SHARED_ANSWERS,
    ),
    async (req) => {
      const me = userOf(req);
      const ended = await endOtherSessionDevices(serviceDeps(app, req), me);
      await app.hub.endSessions({ userId: me.userId, exceptSessionId: me.sessionId });
      return ok(ended, ended.ended > 0 ? `已退出其他 ${ended.ended} 台设备` : "没有其他登录设备");
    },
  );

  app.get(
    "/user/two-step",
    route.user({
      example: { as: "alice" },
      summary: "两步验证: whether sign-in asks the caller for a code",
      answer: TwoStepStatusSchema,
    }),
    async (req) => ok(await twoStepStatus(serviceDeps(app, req), userOf(req).userId)),
  );

  app.post(
    "/user/two-step/setup",
    route.user(
      {
        example: { as: "carol", body: { password: DEMO_PASSWORD } },
        summary: "Start two-step sign-in: a new secret for the app, in use once a first code confirms it",
        answer: TwoStepSetupSchema,
        body: TwoStepSetupBodySchema,
      },
      { preValidation: app.rateLimits.passwordCheckPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => ok(await setUpTwoStep(serviceDeps(app, req), userOf(req), req.body)),
  );

  app.post(
    "/user/two-step/enable",
    route.user(
      {
        example: { as: "carol", body: { code: "123456" } },
        summary: "Turn two-step sign-in on with a first code: ten recovery codes, shown once",
        answer: RecoveryCodesSchema,
        body: TwoStepEnableBodySchema,
      },
      { preValidation: app.rateLimits.passwordCheckPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => ok(await enableTwoStep(serviceDeps(app, req), userOf(req), req.body), "两步验证已开启"),
  );

  app.post(
    "/user/two-step/recovery-codes",
    route.user(
      {
        example: { as: "carol", body: { code: "123456" } },
        summary: "Ten new recovery codes for a code from the app; the old ones stop working",
        answer: RecoveryCodesSchema,
        body: TwoStepEnableBodySchema,
      },
      { preValidation: app.rateLimits.passwordCheckPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => ok(await renewRecoveryCodes(serviceDeps(app, req), userOf(req), req.body), "已生成新的恢复码"),
  );

  app.post(
    "/user/two-step/disable",
    route.user(
      {
        example: { as: "carol", body: { password: DEMO_PASSWORD, code: "123456" } },
        summary: "Turn two-step sign-in off: the password and a code",
        answer: null,
        body: TwoStepDisableBodySchema,
      },
      { preValidation: app.rateLimits.passwordCheckPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => {
      await disableTwoStep(serviceDeps(app, req), userOf(req), req.body);
      return ok(null, "两步验证已关闭");
    },
  );

  app.get(
    "/user/passkeys",
    route.user({
      example: { as: "alice" },
      summary: "通行密钥: the caller's passkeys and whether sign-in takes passkeys only",
      answer: PasskeysSchema,
    }),
    async (req) => ok(await listPasskeys(serviceDeps(app, req), userOf(req))),
  );

  app.post(
    "/user/passkeys/options",
    route.user(
      {
        example: { as: "alice" },
        summary: "Add a passkey, first call: the prompt's options (after 身份验证)",
        answer: WebAuthnOptionsSchema,
      },
      { preValidation: app.rateLimits.passwordCheckPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => ok(await newPasskeyOptions(serviceDeps(app, req), userOf(req))),
  );

  app.post(
    "/user/passkeys",
    route.user(
      {
        example: {
          as: "alice",
          body: {
            challengeId: "the challengeId the options answered",
            name: "我的手机",
            response: PASSKEY_RESPONSE_SHAPE,
          },
        },
        summary: "Add a passkey: its name, the options' challengeId and the browser's answer (after 身份验证)",
        answer: PasskeySchema,
        body: AddPasskeyBodySchema,
      },
      { preValidation: app.rateLimits.passwordCheckPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => ok(await addPasskey(serviceDeps(app, req), userOf(req), req.body), "通行密钥已添加"),
  );

  app.delete(
    "/user/passkeys/:id",
    route.user(
      {
        example: { as: "alice", params: { id: demo.firstMade } },
        summary: "Remove one of the caller's passkeys (after 身份验证)",
        answer: null,
        params: IdParamsSchema,
      },
      { preValidation: app.rateLimits.passwordCheckPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => {
      await removePasskey(serviceDeps(app, req), userOf(req), Number(req.params.id));
      return ok(null, "通行密钥已删除");
    },
  );

  app.put(
    "/user/passkey-only",
    route.user(
      {
        example: { as: "alice", body: { on: false } },
        summary: "仅通行密钥登录 on (after 身份验证 with a passkey) or off (after 身份验证)",
        answer: PasskeysSchema,
        body: PasskeyOnlyBodySchema,
      },
      { preValidation: app.rateLimits.passwordCheckPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => {
      const answer = await setPasskeyOnly(serviceDeps(app, req), userOf(req), req.body);
      return ok(answer, answer.passkeyOnly ? "已开启仅通行密钥登录" : "已关闭仅通行密钥登录");
    },
  );

  app.post(
    "/user/proof/passkey-options",
    route.user(
      {
        example: { as: "alice" },
        summary: "身份验证 with a passkey, first call: the prompt's options",
        answer: WebAuthnOptionsSchema,
      },
      { preValidation: app.rateLimits.passwordCheckPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => ok(await proofPasskeyOptions(serviceDeps(app, req), userOf(req))),
  );

  app.get(
    "/user/proof",
    route.user({
      example: { as: "alice" },
      summary: "身份验证: which proof the caller gives, and until when this session is proven",
      answer: IdentityProofSchema,
    }),
    async (req) => ok(await identityProof(serviceDeps(app, req), userOf(req))),
  );

  app.post(
    "/user/proof",
    route.user(
      {
        example: { as: "alice", body: { password: DEMO_PASSWORD } },
        summary:
          "Prove it is the caller (a passkey's answer, else a two-step code, else the password): this session may change money or identity for 5 minutes",
        answer: IdentityProofSchema,
        body: ProveIdentityBodySchema,
      },
      { preValidation: app.rateLimits.passwordCheckPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => ok(await proveIdentity(serviceDeps(app, req), userOf(req), req.body), "身份验证成功"),
  );
};
