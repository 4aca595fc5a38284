import { PublicUserSchema } from "./accounts.js";
import { IdSchema, text } from "./fields.js";
import {
  CarrierSchema,
  OrderAddressSchema,
  OrderDetailSchema,
  RefundKindSchema,
  RefundStatusSchema,
} from "./orders.js";
import { OrderLimits } from "./values/orders.js";
import { REFUND_PROCESS, type RefundTransition } from "./values/processes.js";
import {
  DISPUTE_RULINGS,
  type DisputeRuling,
  REFUND_REASONS,
  RefundLimits,
  type RefundReason,
} from "./values/refunds.js";
import { z } from "./zod.js";

/** After-sale refunds (售后) and the disputes moderators rule on. Amounts are in fen. */

const keysOf = <T extends Record<string, unknown>>(values: T) =>
  Object.keys(values) as [keyof T & string, ...(keyof T & string)[]];

export const RefundReasonSchema = z.enum(keysOf(REFUND_REASONS) as [RefundReason, ...RefundReason[]]);
export const RefundTransitionSchema = z.enum(
  keysOf(REFUND_PROCESS.transitions) as [RefundTransition, ...RefundTransition[]],
);
export const DisputeRulingSchema = z.enum(keysOf(DISPUTE_RULINGS) as [DisputeRuling, ...DisputeRuling[]]);

const FileIdsSchema = z
  .array(text().min(1).max(64))
  .max(RefundLimits.picturesMax, `最多 ${RefundLimits.picturesMax} 张图片`)
  .refine((ids) => new Set(ids).size === ids.length, "图片不能重复")
  .describe("Uploads of the caller's (POST /upload): photos of the goods, the parcel, the chat.");

const AmountSchema = z.number().int("金额应为整数（分）").min(1, "退款金额应大于 0");

/** POST /orders/{id}/refund-request: the buyer of a shipped order asks for a refund. */
export const CreateRefundBodySchema = z
  .object({
    kind: RefundKindSchema,
    reason: RefundReasonSchema,
    amountCents: AmountSchema.describe("What the buyer asks back: at most what they paid."),
    description: text().trim().min(1, "请说明退款原因").max(RefundLimits.descriptionMax),
    fileIds: FileIdsSchema.default([]),
  })
  .strict();
export type CreateRefundBody = z.infer<typeof CreateRefundBodySchema>;

/**
 * POST /refunds/{id}/agree: the seller agrees. Less than the buyer asked is an offer the buyer
 * takes or refuses (待买家确认); a return needs the address the goods go back to.
 */
export const AgreeRefundBodySchema = z
  .object({
    amountCents: AmountSchema.optional().describe("Less than asked offers part; absent: all that was asked."),
    addressId: IdSchema.optional().describe("退货退款: the entry of the seller's address book the goods go back to."),
  })
  .strict();
export type AgreeRefundBody = z.infer<typeof AgreeRefundBodySchema>;

/** A side's words with photos: refusing, saying a return came back wrong, or a statement to the platform. */
export const RefundWordsBodySchema = z
  .object({
    text: text().trim().min(1, "请填写说明").max(RefundLimits.descriptionMax),
    fileIds: FileIdsSchema.default([]),
  })
  .strict();
export type RefundWordsBody = z.infer<typeof RefundWordsBodySchema>;

/** POST /refunds/{id}/return: the buyer ships the goods back. */
export const ReturnShippedBodySchema = z
  .object({
    carrier: CarrierSchema,
    trackingNumber: text().trim().toUpperCase().min(1, "请填写运单号").max(OrderLimits.trackingNumberMax),
  })
  .strict();
export type ReturnShippedBody = z.infer<typeof ReturnShippedBodySchema>;

/** POST /admin/disputes/{id}/ruling: a moderator's decision, with the reason both sides are told. */
export const DisputeRulingBodySchema = z
  .object({
    ruling: DisputeRulingSchema,
    refundCents: AmountSchema.optional().describe("split: what the buyer gets back, more than 0 and less than paid."),
    reason: text().trim().min(RefundLimits.rulingReasonMin, "请写明裁决理由").max(RefundLimits.rulingReasonMax),
  })
  .strict();
export type DisputeRulingBody = z.infer<typeof DisputeRulingBodySchema>;

export const RefundPictureSchema = z.object({ fileId: z.string(), url: z.string(), thumbUrl: z.string() });
export type RefundPicture = z.infer<typeof RefundPictureSchema>;

/** What one side said, with photos: the request, the refusal, a statement to the platform. */
export const RefundWordsSchema = z.object({
  side: z.enum(["buyer", "seller"]),
  kind: z.enum(["request", "refusal", "return_rejected", "statement"]),
  text: z.string(),
  pictures: z.array(RefundPictureSchema),
  createdAt: z.string(),
});
export type RefundWords = z.infer<typeof RefundWordsSchema>;

export const RefundRulingSchema = z.object({
  ruling: DisputeRulingSchema,
  refundCents: z.number().describe("What the buyer got back (0 for release)."),
  reason: z.string(),
  ruledAt: z.string(),
});
export type RefundRulingView = z.infer<typeof RefundRulingSchema>;

export const RefundSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  role: z.enum(["buyer", "seller", "moderator"]).describe("The caller's part in it."),
  kind: RefundKindSchema,
  reason: RefundReasonSchema,
  status: RefundStatusSchema,
  amountCents: z.number().describe("What the buyer asked back."),
  paidCents: z.number().describe("What the buyer paid: the most a refund can be."),
  offeredCents: z.number().nullable().describe("待买家确认: the part the seller offered."),
  refundCents: z
    .number()
    .nullable()
    .describe("What is agreed or ruled to go back; set once refunded (0 when ruled for the seller)."),
  returnAddress: OrderAddressSchema.nullable().describe("退货退款: where the goods go back, once agreed."),
  returnCarrier: CarrierSchema.nullable(),
  returnTrackingNumber: z.string().nullable(),
  words: z.array(RefundWordsSchema).describe("What each side said, oldest first."),
  ruling: RefundRulingSchema.nullable(),
  actions: z.array(RefundTransitionSchema).describe("What the caller may do now."),
  statementAllowed: z.boolean().describe("Whether the caller may still add their one statement to the platform."),
  dueAt: z.string().nullable().describe("When the running timer fires."),
  dueTransition: RefundTransitionSchema.nullable(),
  createdAt: z.string(),
  disputedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endedBy: RefundTransitionSchema.nullable().describe(
    "How it ended: withdraw (the buyer withdrew), returnLapsed (not shipped back in time), ruleRelease, ...; null while it runs.",
  ),
});
export type Refund = z.infer<typeof RefundSchema>;

/** One side's record on Xianzhi, as a moderator weighs it. */
export const TradeHistorySchema = z.object({
  completedSales: z.number(),
  completedPurchases: z.number(),
  refunds: z.number().describe("Refund requests on orders they were part of."),
  disputesWon: z.number(),
  disputesLost: z.number(),
});
export type TradeHistory = z.infer<typeof TradeHistorySchema>;

/** GET /admin/disputes: one waiting dispute. */
export const DisputeSummarySchema = z.object({
  refundId: z.string(),
  orderId: z.string(),
  goodsTitle: z.string(),
  kind: RefundKindSchema,
  paidCents: z.number(),
  amountCents: z.number(),
  buyer: PublicUserSchema,
  seller: PublicUserSchema,
  disputedAt: z.string(),
  overdue: z.boolean().describe("Waiting longer than the alert time (48 h by default)."),
});
export type DisputeSummary = z.infer<typeof DisputeSummarySchema>;

/** Oldest first. */
export const DisputeQueueSchema = z.array(DisputeSummarySchema);
export type DisputeQueue = z.infer<typeof DisputeQueueSchema>;

export const DisputeChatLineSchema = z.object({
  senderId: z.string(),
  type: z.string(),
  content: z.string(),
  createdAt: z.string(),
});

/** GET /admin/disputes/{id}: everything a ruling weighs. */
export const DisputeDetailSchema = z.object({
  refund: RefundSchema,
  order: OrderDetailSchema.omit({ role: true, peer: true, actions: true, pickupCode: true, payUrl: true }),
  buyer: PublicUserSchema.extend({ history: TradeHistorySchema }),
  seller: PublicUserSchema.extend({ history: TradeHistorySchema }),
  chat: z.array(DisputeChatLineSchema).describe("The chat between the two, oldest first (the last 200 lines)."),
});
export type DisputeDetail = z.infer<typeof DisputeDetailSchema>;
