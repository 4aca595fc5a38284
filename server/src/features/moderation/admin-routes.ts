import {
  IdParamsSchema,
  ModerationActionBodySchema,
  ModerationTargetParamsSchema,
  PageQuerySchema,
  ReportQueueQuerySchema,
  WordRuleBodySchema,
  WordRuleUpdateBodySchema,
} from "@xianzhi/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ok, parseIdParam, parseInput } from "../../http/envelope.js";
import { requireUser } from "../../plugins/auth.js";
import { moderate } from "./action-service.js";
import { requireModerator } from "./admin-guard.js";
import { logPage } from "./moderation-log.js";
import { heldGoods, moderationContext, reportQueue } from "./queue-service.js";
import { addWordRule, listWordRules, removeWordRule, setWordRuleAction } from "./word-rule-service.js";

/** The moderation console's calls, /api/admin/*: moderators only, checked once for all of them. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  app.addHook("preHandler", async (req) => {
    await requireModerator(req);
  });
  const moderatorId = async (req: FastifyRequest) => (await requireUser(req)).userId;
  const target = (params: unknown) => {
    const { targetType, targetId } = parseInput(ModerationTargetParamsSchema, params);
    return { type: targetType, id: Number(targetId) };
  };
  const ruleId = (params: unknown) => parseIdParam(IdParamsSchema, params, "id");

  app.get("/admin/reports", async (req) => ok(await reportQueue(db, parseInput(ReportQueueQuerySchema, req.query))));

  app.get("/admin/review", async (req) => ok(await heldGoods(db, parseInput(PageQuerySchema, req.query))));

  app.get("/admin/targets/:targetType/:targetId", async (req) => {
    const { type, id } = target(req.params);
    return ok(await moderationContext(db, type, id));
  });

  app.post("/admin/targets/:targetType/:targetId/actions", async (req) => {
    const me = await moderatorId(req);
    const where = target(req.params);
    const body = parseInput(ModerationActionBodySchema, req.body);
    const deps = { db, hub: app.hub, outbox: app.notifier.outbox() };
    return ok(await moderate(deps, me, where, body), "已处理");
  });

  app.get("/admin/log", async (req) => ok(await logPage(db, parseInput(PageQuerySchema, req.query))));

  app.get("/admin/word-rules", async () => ok(await listWordRules(db)));

  app.post("/admin/word-rules", async (req) => {
    const me = await moderatorId(req);
    const rule = await addWordRule(db, me, parseInput(WordRuleBodySchema, req.body));
    app.wordRules.changed();
    return ok(rule, "已添加");
  });

  app.put("/admin/word-rules/:id", async (req) => {
    const id = ruleId(req.params);
    const { action } = parseInput(WordRuleUpdateBodySchema, req.body);
    const rule = await setWordRuleAction(db, await moderatorId(req), id, action);
    app.wordRules.changed();
    return ok(rule, "已保存");
  });

  app.delete("/admin/word-rules/:id", async (req) => {
    const id = ruleId(req.params);
    const removed = await removeWordRule(db, await moderatorId(req), id);
    app.wordRules.changed();
    return ok(removed, "已删除");
  });
}
