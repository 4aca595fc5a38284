import {
  type Carrier,
  type DisputeRuling,
  nextActions,
  type OrderAddress,
  REFUND_PROCESS,
  type Refund,
  type RefundActor,
  type RefundKind,
  type RefundReason,
  type RefundStatus,
  type RefundTransition,
  type RefundWords,
} from "@xianzhi/contract";
import { pictureUrls } from "../pictures/index.js";
import type { RefundRow, RefundWordsRow } from "./refund-repository.js";

/** Which side of the request the user is on; undefined for anyone else. */
export function sideOfRefund(row: Pick<RefundRow, "buyerId" | "sellerId">, userId: number) {
  if (userId === row.buyerId) return "buyer" as const;
  if (userId === row.sellerId) return "seller" as const;
  return undefined;
}

/** Transitions that come in a 仅退款 and a 退货退款 form: each kind is offered its own. */
const FOR_RETURN: Partial<Record<RefundTransition, boolean>> = {
  agree: false,
  agreeReturn: true,
  accept: false,
  acceptReturn: true,
};

/** What `actor` may do now: the process's transitions from the state, in the form of the request's kind. */
export function refundActions(row: Pick<RefundRow, "status" | "kind">, actor: RefundActor): RefundTransition[] {
  const isReturn = row.kind === "return";
  return nextActions(REFUND_PROCESS, row.status, actor).filter(
    (transition) => FOR_RETURN[transition] === undefined || FOR_RETURN[transition] === isReturn,
  );
}

function toWords(row: RefundWordsRow): RefundWords {
  const fileIds = JSON.parse(row.fileIds) as string[];
  return {
    side: row.side as RefundWords["side"],
    kind: row.kind as RefundWords["kind"],
    text: row.text,
    pictures: fileIds.map((fileId) => ({ fileId, ...pictureUrls(fileId) })),
    createdAt: row.createdAt,
  };
}

/** A request as `role` sees it: both sides and moderators see all of it. */
export function toRefund(row: RefundRow, words: RefundWordsRow[], role: RefundActor, paidCents: number): Refund {
  const status = row.status as RefundStatus;
  const statementAllowed =
    status === "disputed" && role !== "moderator" && !words.some((w) => w.side === role && w.kind === "statement");
  return {
    id: String(row.id),
    orderId: String(row.orderId),
    role,
    kind: row.kind as RefundKind,
    reason: row.reason as RefundReason,
    status,
    amountCents: row.amountCents,
    paidCents,
    offeredCents: row.offeredCents,
    refundCents: row.refundCents,
    returnAddress: row.returnAddress ? (JSON.parse(row.returnAddress) as OrderAddress) : null,
    returnCarrier: row.returnCarrier as Carrier | null,
    returnTrackingNumber: row.returnTrackingNumber,
    words: words.map(toWords),
    ruling:
      row.ruling === null || row.ruledAt === null
        ? null
        : {
            ruling: row.ruling as DisputeRuling,
            refundCents: row.refundCents ?? 0,
            reason: row.rulingReason ?? "",
            ruledAt: row.ruledAt,
          },
    actions: refundActions(row, role),
    statementAllowed,
    dueAt: row.dueAt,
    dueTransition: row.dueTransition as RefundTransition | null,
    createdAt: row.createdAt,
    disputedAt: row.disputedAt,
    endedAt: row.endedAt,
    endedBy: row.endedBy as RefundTransition | null,
  };
}
