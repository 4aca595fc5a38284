import {
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  ConfirmCaptchaBodySchema,
  ConfirmEmailBodySchema,
  LoginByEmailBodySchema,
  LoginByUsernameBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SendEmailCodeBodySchema,
  UpdateProfileBodySchema,
} from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { ok, parseInput } from "../../http/envelope.js";
import { PRIVATE_NO_STORE } from "../../http/private-answers.js";
import { KEEPS_SHARED_ANSWERS } from "../../http/response-cache.js";
import { optionalUser, requireUser } from "../../plugins/auth.js";
import { clientAddress } from "../../plugins/rate-limit.js";
import * as accounts from "./account-service.js";
import { confirmCaptcha, createCaptcha } from "./captcha-service.js";
import { confirmEmailCode, sendEmailCode } from "./email-code-service.js";

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get("/com/captcha", { preHandler: app.rateLimits.captchaPerAddress }, async (_req, reply) => {
    reply.header("cache-control", PRIVATE_NO_STORE);
    return ok(await createCaptcha(db));
  });

  app.post(
    "/com/confirmcaptcha",
    { preHandler: app.rateLimits.captchaConfirmPerAddress, ...KEEPS_SHARED_ANSWERS },
    async (req) => {
      return ok(await confirmCaptcha(db, parseInput(ConfirmCaptchaBodySchema, req.body)));
    },
  );

  app.post(
    "/com/email",
    { preHandler: [app.rateLimits.emailCodePerAddress, app.rateLimits.emailCodePerRecipient], ...KEEPS_SHARED_ANSWERS },
    async (req) => {
      const body = parseInput(SendEmailCodeBodySchema, req.body);
      const me = await optionalUser(req);
      await sendEmailCode({ db, mailer: app.mailer, log: req.log }, body, me?.userId ?? null);
      // The same words whether the address has an account or not (see sendEmailCode).
      return ok(
        null,
        body.purpose === "reset_password" ? "验证码已发送（如该邮箱已注册）" : "验证码已发送（如该邮箱可用）",
      );
    },
  );

  app.post("/com/confirmemail", KEEPS_SHARED_ANSWERS, async (req) => {
    return ok(await confirmEmailCode(db, parseInput(ConfirmEmailBodySchema, req.body)));
  });

  app.post("/user/reg", { preHandler: app.rateLimits.registerPerAddress, ...KEEPS_SHARED_ANSWERS }, async (req) => {
    return ok(await accounts.register(db, parseInput(RegisterBodySchema, req.body)), "注册成功");
  });

  app.post(
    "/user/login/username",
    { preHandler: app.rateLimits.loginPerAddress, ...KEEPS_SHARED_ANSWERS },
    async (req) => {
      return ok(
        await accounts.loginByUsername(db, parseInput(LoginByUsernameBodySchema, req.body), clientAddress(req)),
        "登录成功",
      );
    },
  );

  app.post(
    "/user/login/email",
    { preHandler: app.rateLimits.loginPerAddress, ...KEEPS_SHARED_ANSWERS },
    async (req) => {
      return ok(
        await accounts.loginByEmail(db, parseInput(LoginByEmailBodySchema, req.body), clientAddress(req)),
        "登录成功",
      );
    },
  );

  app.get("/user/getinfo", async (req) => {
    const me = await requireUser(req);
    return ok(await accounts.getUserInfo(db, me.userId));
  });

  app.put("/user/userinfo", { preHandler: app.rateLimits.profileEditPerUser }, async (req) => {
    const me = await requireUser(req);
    const body = parseInput(UpdateProfileBodySchema, req.body);
    return ok(await accounts.updateProfile(db, me.userId, body), "资料已更新");
  });

  app.put("/user/email", { preHandler: app.rateLimits.passwordCheckPerUser, ...KEEPS_SHARED_ANSWERS }, async (req) => {
    const me = await requireUser(req);
    const body = parseInput(ChangeEmailBodySchema, req.body);
    return ok(await accounts.changeEmail({ db, mailer: app.mailer, log: req.log }, me.userId, body), "邮箱已更换");
  });

  app.post("/user/logout", KEEPS_SHARED_ANSWERS, async (req) => {
    const me = await requireUser(req);
    await accounts.logout(db, me);
    await app.hub.endSessions({ sessionId: me.sessionId });
    return ok(null, "已退出登录");
  });

  app.put(
    "/user/password",
    { preHandler: app.rateLimits.passwordCheckPerUser, ...KEEPS_SHARED_ANSWERS },
    async (req) => {
      const me = await requireUser(req);
      const body = parseInput(ChangePasswordBodySchema, req.body);
      await accounts.changePassword(db, me, body);
      await app.hub.endSessions({ userId: me.userId, exceptSessionId: me.sessionId });
      return ok(null, "密码已修改，其他设备已退出登录");
    },
  );

  app.post(
    "/user/password/reset",
    { preHandler: app.rateLimits.passwordResetPerAddress, ...KEEPS_SHARED_ANSWERS },
    async (req) => {
      const userId = await accounts.resetPassword(db, parseInput(ResetPasswordBodySchema, req.body));
      await app.hub.endSessions({ userId });
      return ok(null, "密码已重置，请重新登录");
    },
  );
}
