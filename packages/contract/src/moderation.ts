import type { PublicUser } from "./accounts.js";
import { IdSchema, text } from "./fields.js";
import {
  ModerationLimits,
  REPORT_REASONS,
  REPORT_TARGETS,
  type ReportReason,
  type ReportStatus,
  type ReportTarget,
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
