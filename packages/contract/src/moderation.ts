import type { PublicUser } from "./accounts.js";
import { PageQuerySchema } from "./envelope.js";
import { IdSchema, text } from "./fields.js";
import type { Goods } from "./goods.js";
import {
  type LogTarget,
  type ModerationAction,
  ModerationLimits,
  REPORT_QUEUE_SORTS,
  REPORT_REASONS,
  REPORT_TARGETS,
  type ReportQueueSort,
  type ReportReason,
  type ReportStatus,
  type ReportTarget,
  WORD_RULE_ACTIONS,
  type WordRuleAction,
  type WordRuleChange,
} from "./values/moderation.js";
import { z } from "./zod.js";

/** POST /reports: what is reported, why, and in the reporter's words (required for 其他). */
export const CreateReportBodySchema = z
  .object({
    targetType: z.enum(Object.keys(REPORT_TARGETS) as [ReportTarget, ...ReportTarget[]]),
    targetId: IdSchema,
    reason: z.enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]]),
    text: text().trim().max(ModerationLimits.reportTextMax).default(""),
  })
  .strict()
  .refine((report) => report.reason !== "other" || report.text.length > 0, {
    message: "选择“其他”时请写明举报原因",
    path: ["text"],
  });
export type CreateReportBody = z.infer<typeof CreateReportBodySchema>;

/** A report as its reporter sees it. */
export interface Report {
  id: string;
  targetType: ReportTarget;
  targetId: string;
  reason: ReportReason;
  text: string;
  status: ReportStatus;
  createdAt: string;
}

/** POST /blocks: block a user; DELETE /blocks/{id} unblocks (IdParamsSchema). */
export const BlockBodySchema = z.object({ userId: IdSchema }).strict();
export type BlockBody = z.infer<typeof BlockBodySchema>;

/** One line of GET /blocks, the users the caller has blocked, newest first. */
export interface BlockedUser {
  user: PublicUser;
  blockedAt: string;
}

const TargetTypeSchema = z.enum(Object.keys(REPORT_TARGETS) as [ReportTarget, ...ReportTarget[]]);
const ReasonSchema = text().trim().max(ModerationLimits.reasonMax);

/** GET /admin/reports: open reports grouped by what they are about, newest or most reported first. */
export const ReportQueueQuerySchema = PageQuerySchema.extend({
  sort: z.enum(Object.keys(REPORT_QUEUE_SORTS) as [ReportQueueSort, ...ReportQueueSort[]]).default("newest"),
});
export type ReportQueueQuery = z.infer<typeof ReportQueueQuerySchema>;

/** /admin/targets/{targetType}/{targetId}: one queue item. */
export const ModerationTargetParamsSchema = z.object({ targetType: TargetTypeSchema, targetId: IdSchema });
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
    action: z.enum(Object.keys(WORD_RULE_ACTIONS) as [WordRuleAction, ...WordRuleAction[]]),
  })
  .strict();
export type WordRuleBody = z.infer<typeof WordRuleBodySchema>;
export const WordRuleUpdateBodySchema = WordRuleBodySchema.pick({ action: true }).strict();
export type WordRuleUpdateBody = z.infer<typeof WordRuleUpdateBodySchema>;

/** One line of the report queue: a target with its open reports counted. */
export interface ReportQueueItem {
  targetType: ReportTarget;
  targetId: string;
  /** Whose goods, comment, message or account it is; null when that account is gone. */
  targetUser: PublicUser | null;
  /** The goods' title, the comment's or message's text, the user's nickname; empty when the target is gone. */
  summary: string;
  reportCount: number;
  reasons: ReportReason[];
  latestReportAt: string;
}

/** A report as a moderator sees it: who sent it. */
export interface ReportForModerator extends Report {
  reporter: PublicUser | null;
}

/** A chat message in a report's context; `reported` marks the one reported. */
export interface ContextMessage {
  id: string;
  sender: PublicUser | null;
  type: string;
  content: string;
  createdAt: string;
  reported: boolean;
}

/** The person a target belongs to, with the suspension a moderator needs to know of. */
export interface ModeratedUser extends PublicUser {
  bio: string;
  createdAt: string;
  /** When their suspension ends (SUSPENDED_FOREVER for good); null when not suspended. */
  suspendedUntil: string | null;
}

/**
 * GET /admin/targets/{targetType}/{targetId}: everything a decision needs. `goods` for goods (and
 * the goods a comment is on), `comment` for a comment, `messages` for a message and the few around
 * it; `gone` when the target no longer exists.
 */
export interface ModerationContext {
  targetType: ReportTarget;
  targetId: string;
  gone: boolean;
  targetUser: ModeratedUser | null;
  openReports: ReportForModerator[];
  goods: Goods | null;
  comment: { id: string; content: string; createdAt: string } | null;
  messages: ContextMessage[];
  actions: ModerationAction[];
  /** The newest audit-log line of this target, null when none: an action sends it back as `seenActionId`. */
  lastActionId: string | null;
}

/**
 * One line of GET /admin/log: who did what to what, why, and when. A change of the prohibited-word
 * table is a line too (`targetType` `word_rule`, `reason` the word and what it does).
 */
export interface ModerationLogEntry {
  id: string;
  moderator: PublicUser | null;
  action: ModerationAction | WordRuleChange;
  targetType: LogTarget;
  targetId: string;
  targetUser: PublicUser | null;
  reason: string;
  /** A suspension's days; null for good, and for other actions. */
  days: number | null;
  resolvedReports: number;
  createdAt: string;
}

export interface WordRule {
  id: string;
  word: string;
  action: WordRuleAction;
  createdBy: PublicUser | null;
  createdAt: string;
}
