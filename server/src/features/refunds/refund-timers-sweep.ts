import type { RefundTransition } from "@xianzhi/contract";
import { nowIso } from "../../lib/clock.js";
import { deliverAll } from "../../plugins/realtime.js";
import type { Deps } from "../../services.js";
import { afterMove } from "../orders/index.js";
import { applyRefundStep, type RefundStep, yuan } from "./refund-moves.js";
import type { RefundRow } from "./refund-repository.js";
import * as repo from "./refund-repository.js";

type SweepDeps = Deps<"db" | "outbox" | "config" | "payments" | "log" | "hub">;

/** How many requests one run takes; the next run takes the rest. */
const BATCH = 200;

/** The seller's return address when the timer agrees for them: their default entry, else the newest. */
async function defaultReturnAddress(deps: SweepDeps, sellerId: number): Promise<string | null> {
  const entry = await deps.db
    .selectFrom("addresses")
    .select(["recipientName", "phone", "region", "street"])
    .where("userId", "=", sellerId)
    .orderBy("isDefault", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return entry ? JSON.stringify(entry) : null;
}

/** The step each timer takes, as the refund process names it; both sides are told. */
async function timerStep(deps: SweepDeps, row: RefundRow, transition: RefundTransition, now: string) {
  const base = {
    transition,
    actor: "timer" as const,
    guard: { dueTransition: transition, dueBy: now },
    notify: [
      { userId: row.buyerId, kind: "refund_updated" as const },
      { userId: row.sellerId, kind: "refund_updated" as const },
    ],
  };
  switch (transition) {
    case "autoAgree":
      return {
        ...base,
        changes: { refundCents: row.amountCents },
        note: `卖家未在规定时间内处理，已自动同意退款 ${yuan(row.amountCents)}`,
      };
    case "autoAgreeReturn": {
      const returnAddress = await defaultReturnAddress(deps, row.sellerId);
      return {
        ...base,
        changes: { refundCents: row.amountCents, returnAddress },
        note: returnAddress
          ? "卖家未在规定时间内处理，已自动同意退货，请按卖家的默认地址寄回"
          : "卖家未在规定时间内处理，已自动同意退货；卖家没有填写地址，请在聊天中向卖家索取",
      };
    }
    case "noAgreement":
      return { ...base, note: "双方未在规定时间内达成一致，已转平台介入" };
    case "returnLapsed":
      return { ...base, note: "买家未在规定时间内寄回商品，退款关闭，收货时间继续计算" };
    case "autoReceiveReturn":
      return {
        ...base,
        note: `卖家未在规定时间内确认收到退货，已自动退款 ${yuan(row.refundCents ?? row.amountCents)}`,
      };
    default:
      return undefined;
  }
}

/**
 * Fires every refund timer that is due. Each fires through the same conditional step as a
 * person's (the request still in its state, the same timer still due), so across processes a
 * timer fires once, and of a timer and a click at the same moment one happens.
 */
export async function fireDueRefundTimers(deps: SweepDeps): Promise<{ fired: number }> {
  const now = nowIso();
  let fired = 0;
  for (const row of await repo.dueRefunds(deps.db, now, BATCH)) {
    const transition = row.dueTransition as RefundTransition | null;
    const step: RefundStep | undefined = transition ? await timerStep(deps, row, transition, now) : undefined;
    if (!step) continue;
    try {
      const done = await applyRefundStep(deps, row, step);
      await deliverAll(deps.hub, done.deliveries);
      await afterMove(deps, done.order);
      fired += 1;
    } catch (error) {
      deps.log.info({ err: error, refundId: row.id, transition }, "a refund timer found the request moved on");
    }
  }
  return { fired };
}
