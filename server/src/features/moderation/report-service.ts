import type { CreateReportBody, Report, ReportReason, ReportStatus, ReportTarget } from "@xianzhi/contract";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import * as repo from "./report-repository.js";

function toReport(row: repo.ReportRow): Report {
  return {
    id: String(row.id),
    targetType: row.targetType as ReportTarget,
    targetId: String(row.targetId),
    reason: row.reason as ReportReason,
    text: row.text,
    status: row.status as ReportStatus,
    createdAt: row.createdAt,
  };
}

/**
 * Queues a report for the moderators. Nobody reports themselves or what they wrote; a reporter's
 * report of one target stays one until a moderator closes it (the database keeps that, however
 * many are sent at once).
 */
export async function createReport({ db }: Deps<"db">, reporterId: number, body: CreateReportBody): Promise<Report> {
  const targetId = Number(body.targetId);
  const ownerId = await repo.ownerOfTarget(db, body.targetType, targetId, reporterId);
  if (ownerId === undefined) throw appError("REPORT_TARGET_NOT_FOUND");
  if (ownerId === reporterId) throw appError("REPORT_SELF");
  const row = await repo.insertReport(db, {
    reporterId,
    targetType: body.targetType,
    targetId,
    targetUserId: ownerId,
    reason: body.reason,
    text: body.text,
    status: "open",
    createdAt: nowIso(),
  });
  if (!row) throw appError("REPORT_OPEN");
  return toReport(row);
}
