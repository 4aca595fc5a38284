import type { PayoutAccount, PayoutAccountBody } from "@xianzhi/contract";
import { PayoutAccountBodySchema, PayoutAccountSchema } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { type Deps, serviceDeps } from "../../services.js";

/** Where a seller is paid, as the provider needs it (null until they set it). */
export async function payoutAccountOf(db: DbOrTx, userId: number): Promise<string | null> {
  const row = await db.selectFrom("users").select("payoutAccount").where("id", "=", userId).executeTakeFirst();
  return row?.payoutAccount ?? null;
}

async function payoutAccount({ db, payments }: Deps<"db" | "payments">, userId: number): Promise<PayoutAccount> {
  return { alipayAccount: await payoutAccountOf(db, userId), required: payments.name === "alipay" };
}

async function setPayoutAccount(deps: Deps<"db" | "payments">, userId: number, body: PayoutAccountBody) {
  await deps.db.updateTable("users").set({ payoutAccount: body.alipayAccount }).where("id", "=", userId).execute();
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
    route.user({ summary: "Where the caller is paid as a seller", answer: PayoutAccountSchema }),
    async (req) => ok(await payoutAccount(serviceDeps(app, req), userOf(req).userId)),
  );
  app.put(
    "/user/payout-account",
    route.user(
      {
        summary: "Set where the caller is paid as a seller",
        answer: PayoutAccountSchema,
        body: PayoutAccountBodySchema,
      },
      { preValidation: app.rateLimits.profileEditPerUser },
    ),
    async (req) => ok(await setPayoutAccount(serviceDeps(app, req), userOf(req).userId, req.body), "收款账户已保存"),
  );
};
