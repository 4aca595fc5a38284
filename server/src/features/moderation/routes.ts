import { CreateReportBodySchema, ReportSchema } from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { serviceDeps } from "../../services.js";
import { createReport } from "./report-service.js";

const route = apiRoutes("moderation");

/** Reports from users, for the moderators' queue. */
export const moderationRoutes: ApiRoutes = async (app) => {
  app.post(
    "/reports",
    route.user(
      {
        example: {
          as: "bob",
          body: { targetType: "goods", targetId: demo.goods(2), reason: "counterfeit", text: "图片是网图" },
        },
        summary: "Report goods, a user, a comment or a message",
        answer: ReportSchema,
        body: CreateReportBodySchema,
      },
      { preValidation: app.rateLimits.reportPerUser },
    ),
    async (req) =>
      ok(await createReport(serviceDeps(app, req), userOf(req).userId, req.body), "举报已提交，我们会尽快处理"),
  );
};
