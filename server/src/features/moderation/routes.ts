import { CreateReportBodySchema } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { ok, parseInput } from "../../http/envelope.js";
import { requireUser } from "../../plugins/auth.js";
import { createReport } from "./report-service.js";

/** Reports from users, for the moderators' queue. */
export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.post("/reports", { preHandler: app.rateLimits.reportPerUser }, async (req) => {
    const me = await requireUser(req);
    const body = parseInput(CreateReportBodySchema, req.body);
    return ok(await createReport(db, me.userId, body), "举报已提交，我们会尽快处理");
  });
}
