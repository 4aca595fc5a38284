import type { PayoutAccount, PayoutAccountBody } from "@xianzhi/contract";
import { PayoutAccountBodySchema, PayoutAccountSchema } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { DEMO_PASSWORD } from "../../demo/demo-goods.js";
import { appError } from "../../errors.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { verifyPassword } from "../../lib/secrets.js";
import { userOf } from "../../plugins/auth.js";
import { type Mail, sendNotice } from "../../plugins/mail.js";
import { type Deps, serviceDeps } from "../../services.js";
import { type CurrentUser, findUserById, requireFreshProof } from "../accounts/index.js";

/** Where a seller is paid, as the provider needs it (null until they set it). */
export async function payoutAccountOf(db: DbOrTx, userId: number): Promise<string | null> {
  const row = await db.selectFrom("users").select("payoutAccount").where("id", "=", userId).executeTakeFirst();
  return row?.payoutAccount ?? null;
}

async function payoutAccount({ db, payments }: Deps<"db" | "payments">, userId: number): Promise<PayoutAccount> {
  return { alipayAccount: await payoutAccountOf(db, userId), required: payments.name === "alipay" };
}

/** An account shown in a mail: enough to recognise it, not enough to use it (138****5678, a***@qq.com). */
export function maskPayoutAccount(account: string): string {
  const at = account.indexOf("@");
  if (at > 0) return `${account.slice(0, 1)}***${account.slice(at)}`;
  return `${account.slice(0, 3)}${"*".repeat(Math.max(account.length - 7, 1))}${account.slice(-4)}`;
}

function payoutAccountChangedNotice(email: string, username: string, account: string): Mail {
  return {
    to: email,
    subject: "【闲置】您的收款账户已更改",
    text: [
      `您的闲置账号（用户名：${username}）的收款账户已更改为支付宝账户 ${maskPayoutAccount(account)}。`,
      "此后担保交易成功的货款将打到这个账户。",
      "如果这不是您本人的操作，说明您的密码可能已经泄露：请立即修改密码并改回收款账户，或回复此邮件联系我们处理。",
    ].join("\n"),
  };
}

/**
 * Asks for the password (and, with two-step sign-in on, a proof of the last five minutes), so a
 * borrowed signed-in browser cannot send the seller's money elsewhere,
 * and tells the account's address, so its owner learns of a change they did not make. A notice
 * that cannot be sent is logged: the change is made by then.
 */
async function setPayoutAccount(
  deps: Deps<"db" | "payments" | "mailer" | "log">,
  me: CurrentUser,
  body: PayoutAccountBody,
): Promise<PayoutAccount> {
  const userId = me.userId;
  await requireFreshProof(deps, me, { carriesPassword: true });
  const user = await findUserById(deps.db, userId);
  if (!user) throw appError("SESSION_EXPIRED");
  if (!(await verifyPassword(body.password, user.passwordHash))) throw appError("OLD_PASSWORD_WRONG", "当前密码错误");
  await deps.db.updateTable("users").set({ payoutAccount: body.alipayAccount }).where("id", "=", userId).execute();
  // Releases that waited for an account are tried again at the next run, their retries counted afresh.
  await deps.db
    .updateTable("orders")
    .set({ settleAttempts: 0, settleAfter: null })
    .where("sellerId", "=", userId)
    .where("settlement", "in", ["release", "split"])
    .execute();
  await sendNotice(deps, payoutAccountChangedNotice(user.email, user.username, body.alipayAccount), userId);
  return payoutAccount(deps, userId);
}

const route = apiRoutes("orders");

/**
 * The seller's payout account: with Alipay the money held for an order is settled to it when the
 * order succeeds, so a release waits (owed, retried) until the seller has set one.
 */
export const payoutAccountRoutes: ApiRoutes = async (app) => {
  app.get(
    "/user/payout-account",
    route.user({
      example: { as: "alice" },
      summary: "Where the caller is paid as a seller",
      answer: PayoutAccountSchema,
    }),
    async (req) => ok(await payoutAccount(serviceDeps(app, req), userOf(req).userId)),
  );
  app.put(
    "/user/payout-account",
    route.user(
      {
        example: { as: "alice", body: { alipayAccount: "alice@example.com", password: DEMO_PASSWORD } },
        summary: "Set where the caller is paid as a seller (the current password checked, the account's address told)",
        answer: PayoutAccountSchema,
        body: PayoutAccountBodySchema,
      },
      { preValidation: app.rateLimits.passwordCheckPerUser },
    ),
    async (req) => ok(await setPayoutAccount(serviceDeps(app, req), userOf(req), req.body), "收款账户已保存"),
  );
};
