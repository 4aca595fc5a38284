import type { RefundKind, RefundStatus, RefundTimers, RefundTransition } from "@xianzhi/contract";

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
const at = (ms: number) => new Date(ms).toISOString();

export interface RefundTimer {
  dueAt: string | null;
  dueTransition: RefundTransition | null;
}

const NONE: RefundTimer = { dueAt: null, dueTransition: null };

/**
 * The timer a request runs in `status` (REFUND_PROCESS), counted from when it entered it
 * (`enteredMs`), the agreement deadline from when it was made: unanswered is agreed to, an offer
 * or a refusal without agreement goes to the platform, a return not shipped closes the request, a
 * return not confirmed is refunded. A dispute waits for a moderator: no timer.
 */
export function refundTimerOf(
  timers: RefundTimers,
  status: RefundStatus,
  refund: { kind: string; createdAt: string },
  enteredMs: number,
): RefundTimer {
  const kind = refund.kind as RefundKind;
  switch (status) {
    case "requested":
      return {
        dueAt: at(enteredMs + timers.answerHours * HOUR_MS),
        dueTransition: kind === "return" ? "autoAgreeReturn" : "autoAgree",
      };
    case "countered":
    case "refused":
      return { dueAt: at(Date.parse(refund.createdAt) + timers.agreementDays * DAY_MS), dueTransition: "noAgreement" };
    case "awaiting_return":
      return { dueAt: at(enteredMs + timers.returnDays * DAY_MS), dueTransition: "returnLapsed" };
    case "return_shipped":
      return { dueAt: at(enteredMs + timers.receiveReturnDays * DAY_MS), dueTransition: "autoReceiveReturn" };
    default:
      return NONE;
  }
}
