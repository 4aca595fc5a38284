import { PublicUserSchema } from "./accounts.js";
import { PageQuerySchema } from "./envelope.js";
import { IdSchema, text } from "./fields.js";
import { GoodsSchema } from "./goods.js";
import {
  ACCOUNT_LOG_ACTIONS,
  type AccountLogAction,
  DISPUTE_LOG_ACTIONS,
  type DisputeLogAction,
  LOG_TARGETS,
  type LogTarget,
  MODERATION_ACTIONS,
  type ModerationAction,
  ModerationLimits,
  REPORT_QUEUE_SORTS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  type ReportQueueSort,
  type ReportReason,
  type ReportStatus,
  type ReportTarget,
  WORD_RULE_ACTIONS,
  WORD_RULE_CHANGES,
  type WordRuleAction,
  type WordRuleChange,
} from "./values/moderation.js";
import { z } from "./zod.js";

export const ReportTargetSchema = z.enum(Object.keys(REPORT_TARGETS) as [ReportTarget, ...ReportTarget[]]);
export const ReportReasonSchema = z.enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]]);
export const ReportStatusSchema = z.enum(Object.keys(REPORT_STATUSES) as [ReportStatus, ...ReportStatus[]]);
export const ModerationActionSchema = z.enum(
  Object.keys(MODERATION_ACTIONS) as [ModerationAction, ...ModerationAction[]],
);
export const WordRuleChangeSchema = z.enum(Object.keys(WORD_RULE_CHANGES) as [WordRuleChange, ...WordRuleChange[]]);
export const LogTargetSchema = z.enum(Object.keys(LOG_TARGETS) as [LogTarget, ...LogTarget[]]);
export const WordRuleActionSchema = z.enum(Object.keys(WORD_RULE_ACTIONS) as [WordRuleAction, ...WordRuleAction[]]);

/** POST /reports: what is reported, why, and in the reporter's words (required for 其他). */
export const CreateReportBodySchema = z
  .object({
    targetType: ReportTargetSchema,
    targetId: IdSchema,
    reason: ReportReasonSchema,
    text: text().trim().max(ModerationLimits.reportTextMax).default(""),
  })
  .strict()
  .refine((report) => report.reason !== "other" || report.text.length > 0, {
    message: "选择“其他”时请写明举报原因",
    path: ["text"],
  });
export type CreateReportBody = z.infer<typeof CreateReportBodySchema>;

export const ReportSchema = z
  .object({
    id: z.string(),
    targetType: ReportTargetSchema,
    targetId: z.string(),
    reason: ReportReasonSchema,
    text: z.string(),
    status: ReportStatusSchema,
    createdAt: z.string(),
  })
  .describe("A report as its reporter sees it.");
export type Report = z.infer<typeof ReportSchema>;

/** POST /blocks: block a user; DELETE /blocks/{id} unblocks (IdParamsSchema). */
export const BlockBodySchema = z.object({ userId: IdSchema }).strict();
export type BlockBody = z.infer<typeof BlockBodySchema>;

export const BlockedUserSchema = z
  .object({ user: PublicUserSchema, blockedAt: z.string() })
  .describe("One line of GET /blocks, the users the caller has blocked, newest first.");
export type BlockedUser = z.infer<typeof BlockedUserSchema>;

const ReasonSchema = text().trim().max(ModerationLimits.reasonMax);

/** GET /admin/reports: open reports grouped by what they are about, newest or most reported first. */
export const ReportQueueQuerySchema = PageQuerySchema.extend({
  sort: z.enum(Object.keys(REPORT_QUEUE_SORTS) as [ReportQueueSort, ...ReportQueueSort[]]).default("newest"),
});
export type ReportQueueQuery = z.infer<typeof ReportQueueQuerySchema>;

/** /admin/targets/{targetType}/{targetId}: one queue item. */
export const ModerationTargetParamsSchema = z.object({ targetType: ReportTargetSchema, targetId: IdSchema });
export type ModerationTargetParams = z.infer<typeof ModerationTargetParamsSchema>;

/**
 * The newest audit-log line of the target the moderator saw (`ModerationContext.lastActionId`,
 * null when there was none). Sent, the action is refused as already handled (1710) when another
 * line has been written since, and a warning or suspension needs no open report: the console acts
 * on the owner from any of their items. Left out, the action must close an open report of the
 * target (or approve held goods), else it is refused as already handled.
 */
const SeenActionIdSchema = IdSchema.nullable().optional();

/**
 * POST /admin/targets/{targetType}/{targetId}/actions: what the moderator does, and why (the
 * reason is required but for approving and dismissing). `days` suspends for that many days, null
 * for good. Every open report of the target is closed with it.
 */
export const ModerationActionBodySchema = z.discriminatedUnion("action", [
  z
    .object({
      action: z.literal("hide_goods"),
      reason: ReasonSchema.min(1, "请写明下架原因"),
      seenActionId: SeenActionIdSchema,
    })
    .strict(),
  z
    .object({ action: z.literal("approve_goods"), reason: ReasonSchema.default(""), seenActionId: SeenActionIdSchema })
    .strict(),
  z
    .object({
      action: z.literal("remove_comment"),
      reason: ReasonSchema.min(1, "请写明删除原因"),
      seenActionId: SeenActionIdSchema,
    })
    .strict(),
  z
    .object({
      action: z.literal("warn"),
      reason: ReasonSchema.min(1, "请写明警告原因"),
      seenActionId: SeenActionIdSchema,
    })
    .strict(),
  z
    .object({
      action: z.literal("suspend"),
      reason: ReasonSchema.min(1, "请写明封禁原因"),
      days: z.number().int().min(1).max(ModerationLimits.suspendDaysMax).nullable(),
      seenActionId: SeenActionIdSchema,
    })
    .strict(),
  z
    .object({ action: z.literal("dismiss"), reason: ReasonSchema.default(""), seenActionId: SeenActionIdSchema })
    .strict(),
]);
export type ModerationActionBody = z.infer<typeof ModerationActionBodySchema>;

/** POST /admin/word-rules adds a rule; PUT /admin/word-rules/{id} changes its action. */
export const WordRuleBodySchema = z
  .object({
    word: text().trim().min(ModerationLimits.wordMin).max(ModerationLimits.wordMax),
    action: WordRuleActionSchema,
  })
  .strict();
export type WordRuleBody = z.infer<typeof WordRuleBodySchema>;
export const WordRuleUpdateBodySchema = WordRuleBodySchema.pick({ action: true }).strict();
export type WordRuleUpdateBody = z.infer<typeof WordRuleUpdateBodySchema>;

export const ReportQueueItemSchema = z
  .object({
    targetType: ReportTargetSchema,
    targetId: z.string(),
    targetUser: PublicUserSchema.nullable().describe(
      "Whose goods, comment, message or account it is; null when that account is gone.",
    ),
    summary: z
      .string()
      .describe(
        "The goods' title, the comment's or message's text, the user's nickname; empty when the target is gone.",
      ),
    reportCount: z.number(),
    reasons: z.array(ReportReasonSchema),
    latestReportAt: z.string(),
  })
  .describe("One line of the report queue: a target with its open reports counted.");
export type ReportQueueItem = z.infer<typeof ReportQueueItemSchema>;

export const ReportForModeratorSchema = ReportSchema.extend({ reporter: PublicUserSchema.nullable() }).describe(
  "A report as a moderator sees it: who sent it.",
);
export type ReportForModerator = z.infer<typeof ReportForModeratorSchema>;

export const ContextMessageSchema = z
  .object({
    id: z.string(),
    sender: PublicUserSchema.nullable(),
    type: z.string(),
    content: z.string(),
    createdAt: z.string(),
    reported: z.boolean(),
  })
  .describe("A chat message in a report's context; `reported` marks the one reported.");
export type ContextMessage = z.infer<typeof ContextMessageSchema>;

export const ModeratedUserSchema = PublicUserSchema.extend({
  bio: z.string(),
  createdAt: z.string(),
  suspendedUntil: z
    .string()
    .nullable()
    .describe("When their suspension ends (SUSPENDED_FOREVER for good); null when not suspended."),
}).describe("The person a target belongs to, with the suspension a moderator needs to know of.");
export type ModeratedUser = z.infer<typeof ModeratedUserSchema>;

export const ModerationContextSchema = z
  .object({
    targetType: ReportTargetSchema,
    targetId: z.string(),
    gone: z.boolean(),
    targetUser: ModeratedUserSchema.nullable(),
    openReports: z.array(ReportForModeratorSchema),
    goods: GoodsSchema.nullable(),
    comment: z.object({ id: z.string(), content: z.string(), createdAt: z.string() }).nullable(),
    messages: z.array(ContextMessageSchema),
    actions: z.array(ModerationActionSchema),
    lastActionId: z
      .string()
      .nullable()
      .describe("The newest audit-log line of this target, null when none: an action sends it back as `seenActionId`."),
  })
  .describe(
    "GET /admin/targets/{targetType}/{targetId}: everything a decision needs. `goods` for goods (and the goods a comment is on), `comment` for a comment, `messages` for a message and the few around it; `gone` when the target no longer exists.",
  );
export type ModerationContext = z.infer<typeof ModerationContextSchema>;

export const ModerationLogEntrySchema = z
  .object({
    id: z.string(),
    moderator: PublicUserSchema.nullable(),
    action: z.union([
      ModerationActionSchema,
      WordRuleChangeSchema,
      z.enum(Object.keys(DISPUTE_LOG_ACTIONS) as [DisputeLogAction, ...DisputeLogAction[]]),
      z.enum(Object.keys(ACCOUNT_LOG_ACTIONS) as [AccountLogAction, ...AccountLogAction[]]),
    ]),
    targetType: LogTargetSchema,
    targetId: z.string(),
    targetUser: PublicUserSchema.nullable(),
    reason: z.string(),
    days: z.number().nullable().describe("A suspension's days; null for good, and for other actions."),
    resolvedReports: z.number(),
    createdAt: z.string(),
  })
  .describe(
    "One line of GET /admin/log: who did what to what, why, and when. A change of the prohibited-word table is a line too (`targetType` `word_rule`, `reason` the word and what it does).",
  );
export type ModerationLogEntry = z.infer<typeof ModerationLogEntrySchema>;

export const WordRuleSchema = z.object({
  id: z.string(),
  word: z.string(),
  action: WordRuleActionSchema,
  createdBy: PublicUserSchema.nullable(),
  createdAt: z.string(),
});
export type WordRule = z.infer<typeof WordRuleSchema>;

/**
 * POST /admin/account-recovery: a moderator helps the owner of an account that signs in with
 * passkeys only, and lost every one, back in: 仅通行密钥登录 goes off (an e-mail reset then works)
 * and every session ends. `reason` says how the owner was recognised; the audit log keeps it.
 */
export const AccountRecoveryBodySchema = z
  .object({
    username: text().trim().min(1, "请输入用户名").max(64),
    reason: ReasonSchema.min(1, "请写明如何核实了用户身份"),
  })
  .strict();
export type AccountRecoveryBody = z.infer<typeof AccountRecoveryBodySchema>;
