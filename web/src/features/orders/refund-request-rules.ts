import type { CreateRefundBody, OrderRefund, RefundKind, RefundReason } from "@xianzhi/contract";
import {
  formatPrice,
  OPEN_REFUND_STATUSES,
  REFUND_REASONS,
  RefundLimits,
  UploadLimits,
} from "@xianzhi/contract/constants";

/** Whether an order's refund request is still under way: the order's receiving timer waits for it. */
export const isRefundOpen = (refund: Pick<OrderRefund, "status"> | null | undefined): boolean =>
  refund != null && (OPEN_REFUND_STATUSES as readonly string[]).includes(refund.status);

const YUAN = /^(\d+)(?:\.(\d{1,2}))?$/;

/** An amount typed in yuan ("12", "12.5", "¥12.50") as fen; null when it is not one. */
export function yuanToCents(typed: string): number | null {
  const match = YUAN.exec(typed.trim().replace(/^¥/, "").replace(/,/g, ""));
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Fen as the amount box shows it to be edited: "45.5", "2399". */
export const centsToYuan = (cents: number): string => String(cents / 100);

/**
 * Why an amount in yuan cannot be refunded, or its fen: more than 0 and at most `maxCents` (what
 * the buyer paid, or asked); `below` asks for strictly less (a part: an offer, a split ruling).
 */
export function checkRefundAmount(
  typed: string,
  maxCents: number,
  below = false,
): { amountCents: number } | { error: string } {
  const amountCents = yuanToCents(typed);
  if (amountCents === null) return { error: "请输入金额，最多两位小数" };
  if (amountCents <= 0) return { error: "金额应大于 0" };
  if (below && amountCents >= maxCents) return { error: `应少于 ${formatPrice(maxCents)}` };
  if (amountCents > maxCents) return { error: `不能超过 ${formatPrice(maxCents)}` };
  return { amountCents };
}

export const REFUND_REASON_OPTIONS = [
  { value: "" as const, label: "请选择退款原因" },
  ...(Object.keys(REFUND_REASONS) as RefundReason[]).map((value) => ({ value, label: REFUND_REASONS[value] })),
];

/** The request sheet as typed: the amount in yuan, the reason unpicked at first. */
export interface RefundRequestForm {
  kind: RefundKind;
  reason: RefundReason | "";
  amount: string;
  description: string;
  fileIds: string[];
}

export type RefundRequestErrors = Partial<Record<"reason" | "amount" | "description", string>>;

/** The request as sent, or why each field cannot be (the same limits the server checks). */
export function checkRefundRequest(
  form: RefundRequestForm,
  paidCents: number,
): { body: CreateRefundBody } | { errors: RefundRequestErrors } {
  const errors: RefundRequestErrors = {};
  if (form.reason === "") errors.reason = "请选择退款原因";
  const amount = checkRefundAmount(form.amount, paidCents);
  if ("error" in amount) errors.amount = amount.error;
  const description = form.description.trim();
  if (description === "") errors.description = "请说明退款原因";
  else if (description.length > RefundLimits.descriptionMax) {
    errors.description = `最多 ${RefundLimits.descriptionMax} 个字`;
  }
  if (Object.keys(errors).length > 0 || form.reason === "" || "error" in amount) return { errors };
  return {
    body: {
      kind: form.kind,
      reason: form.reason,
      amountCents: amount.amountCents,
      description,
      fileIds: form.fileIds.slice(0, RefundLimits.picturesMax),
    },
  };
}

const maxMegabytes = UploadLimits.maxBytes / 1024 / 1024;
const typeNames = UploadLimits.types.map((type) => type.replace("image/", "").toUpperCase()).join("、");

/** What the photo picker says under itself, built from the limits the server checks. */
export const EVIDENCE_HINT = `最多 ${RefundLimits.picturesMax} 张，${typeNames} 格式，单张不超过 ${maxMegabytes} MB`;

/** Why a picked file cannot be a photo of the request, checked before it is sent; `taken` counts those there. */
export function evidenceRejection(file: Pick<File, "type" | "size">, taken: number): string | null {
  if (taken >= RefundLimits.picturesMax) return `最多 ${RefundLimits.picturesMax} 张图片`;
  if (!(UploadLimits.types as readonly string[]).includes(file.type)) return `只支持 ${typeNames} 图片`;
  if (file.size > UploadLimits.maxBytes) return `超过 ${maxMegabytes} MB`;
  return null;
}
