import {
  type FailedSettlement,
  FailedSettlementListSchema,
  IdParamsSchema,
  SettlementRetrySchema,
} from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { appError } from "../../errors.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { nowIso } from "../../lib/clock.js";
import { userOf } from "../../plugins/auth.js";
import { type Deps, serviceDeps } from "../../services.js";
import { type CurrentUser, requireFreshProof } from "../accounts/index.js";
import { writeLog } from "../moderation/index.js";
import { SETTLE_RETRY, settleOrder, shareOf } from "./order-payments.js";
import * as repo from "./order-repository.js";

const route = apiRoutes("admin");
const LIST_MAX = 200;

/** Money the provider failed to move as often as it is retried, for the console. */
export async function failedSettlements({ db }: Deps<"db">): Promise<FailedSettlement[]> {
  const rows = await repo.failedSettlements(db, SETTLE_RETRY.attempts, LIST_MAX);
  return rows.map((row) => {
    const kind = row.settlement as FailedSettlement["kind"];
    const share = shareOf(row, kind);
    return {
      orderId: String(row.id),
      goodsTitle: row.goodsTitle,
      kind,
      refundCents: share.refundCents,
      releaseCents: share.releaseCents,
      attempts: row.settleAttempts,
      lastTriedAt: row.settleTriedAt,
    };
  });
}

/** How many are failed, all of them, not only the listed ones: /metrics. */
export function failedSettlementCount(deps: Deps<"db">): Promise<number> {
  return repo.failedSettlementTotal(deps.db, SETTLE_RETRY.attempts);
}

/**
 * A moderator tries a failed one again, now: its retries start afresh (a failure now waits a
 * minute, and so on), the try is written to the audit log. Answers whether it moved.
 */
async function retrySettlement(
  deps: Deps<"db" | "outbox" | "config" | "payments" | "log">,
  moderator: CurrentUser,
  orderId: number,
) {
  // Money moved by hand: the moderator proves it is them first (身份验证, five minutes).
  await requireFreshProof(deps, moderator);
  const moderatorId = moderator.userId;
  const row = await repo.findOrder(deps.db, orderId);
  if (!row || row.settlement === null) throw appError("ORDER_NOT_FOUND", "没有待处理的退款或放款");
  await deps.db.transaction().execute(async (tx) => {
    await tx.updateTable("orders").set({ settleAttempts: 0, settleAfter: null }).where("id", "=", orderId).execute();
    await writeLog(tx, {
      moderatorId,
      action: "retry_settlement",
      targetType: "order",
      targetId: orderId,
      targetUserId: null,
      reason: `订单 ${orderId} 的${row.settlement === "release" ? "放款" : "退款"}已重试`,
      days: null,
      resolvedReports: 0,
      createdAt: nowIso(),
    });
  });
  return { settled: await settleOrder(deps, orderId) };
}

/** The console's view of money the provider has not moved after every retry, and the button to try again. */
export const settlementRoutes: ApiRoutes = async (app) => {
  app.get(
    "/admin/settlements",
    route.moderator({
      example: { as: demo.moderator },
      summary: "Refunds and releases the payment provider failed after every retry",
      answer: FailedSettlementListSchema,
    }),
    async (req) => ok(await failedSettlements(serviceDeps(app, req))),
  );

  app.post(
    "/admin/settlements/:id/retry",
    route.moderator(
      {
        example: { as: demo.moderator, params: { id: demo.firstMade } },
        summary: "Try a failed refund or release again now",
        answer: SettlementRetrySchema,
        params: IdParamsSchema,
      },
      { preValidation: app.rateLimits.tradeActionPerUser },
    ),
    async (req) => {
      const result = await retrySettlement(serviceDeps(app, req), userOf(req), Number(req.params.id));
      return ok(result, result.settled ? "已完成" : "支付机构仍未处理成功，将继续自动重试");
    },
  );
};
