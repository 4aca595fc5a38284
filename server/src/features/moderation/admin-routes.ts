import {
  AccountRecoveryBodySchema,
  GoodsPageSchema,
  IdParamsSchema,
  ModerationActionBodySchema,
  ModerationContextSchema,
  ModerationLogEntrySchema,
  ModerationLogPageSchema,
  type ModerationTargetParams,
  ModerationTargetParamsSchema,
  PageQuerySchema,
  ReportQueuePageSchema,
  ReportQueueQuerySchema,
  WordRuleBodySchema,
  WordRuleSchema,
  WordRulesSchema,
  WordRuleUpdateBodySchema,
} from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { serviceDeps } from "../../services.js";
import { recoverAccount } from "./account-recovery.js";
import { moderate } from "./action-service.js";
import { logPage } from "./moderation-log.js";
import { heldGoods, moderationContext, reportQueue } from "./queue-service.js";
import { addWordRule, listWordRules, removeWordRule, setWordRuleAction } from "./word-rule-service.js";

const route = apiRoutes("admin");

const target = ({ targetType, targetId }: ModerationTargetParams) => ({ type: targetType, id: Number(targetId) });

/** The moderation console's calls, /api/admin/*: moderators only, each declared so. */
export const adminRoutes: ApiRoutes = async (app) => {
  app.get(
    "/admin/reports",
    route.moderator({
      example: { as: demo.moderator },
      summary: "Open reports grouped by target",
      answer: ReportQueuePageSchema,
      query: ReportQueueQuerySchema,
    }),
    async (req) => ok(await reportQueue(serviceDeps(app, req), req.query)),
  );

  app.get(
    "/admin/review",
    route.moderator({
      example: { as: demo.moderator },
      summary: "Goods held for review by a prohibited word",
      answer: GoodsPageSchema,
      query: PageQuerySchema,
    }),
    async (req) => ok(await heldGoods(serviceDeps(app, req), req.query)),
  );

  app.get(
    "/admin/targets/:targetType/:targetId",
    route.moderator({
      example: { as: demo.moderator, params: { targetType: "goods", targetId: demo.goods(2) } },
      summary: "A reported target with its context",
      answer: ModerationContextSchema,
      params: ModerationTargetParamsSchema,
    }),
    async (req) => {
      const { type, id } = target(req.params);
      return ok(await moderationContext(serviceDeps(app, req), type, id));
    },
  );

  app.post(
    "/admin/targets/:targetType/:targetId/actions",
    route.moderator({
      example: {
        as: demo.moderator,
        params: { targetType: "goods", targetId: demo.goods(2) },
        body: { action: "hide_goods", reason: "疑似假货，请补充实拍图" },
      },
      summary: "Act on a target: its reports close",
      answer: ModerationLogEntrySchema,
      params: ModerationTargetParamsSchema,
      body: ModerationActionBodySchema,
    }),
    async (req) => {
      return ok(await moderate(serviceDeps(app, req), userOf(req).userId, target(req.params), req.body), "已处理");
    },
  );

  app.post(
    "/admin/account-recovery",
    route.moderator(
      {
        example: { as: demo.moderator, body: { username: "carol", reason: "用户丢失了全部通行密钥，已电话核实身份" } },
        summary:
          "协助恢复账号: turn 仅通行密钥登录 off for an owner who lost every passkey (after 身份验证); every session ends",
        answer: ModerationLogEntrySchema,
        body: AccountRecoveryBodySchema,
      },
      { preValidation: app.rateLimits.passwordCheckPerUser },
    ),
    async (req) => {
      const { entry, userId } = await recoverAccount(serviceDeps(app, req), userOf(req), req.body);
      await app.hub.endSessions({ userId });
      return ok(entry, "已关闭该账号的仅通行密钥登录，用户可用邮箱重置密码");
    },
  );

  app.get(
    "/admin/log",
    route.moderator({
      example: { as: demo.moderator },
      summary: "The audit log, newest first",
      answer: ModerationLogPageSchema,
      query: PageQuerySchema,
    }),
    async (req) => ok(await logPage(serviceDeps(app, req), req.query)),
  );

  app.get(
    "/admin/word-rules",
    route.moderator({ example: { as: demo.moderator }, summary: "The prohibited words", answer: WordRulesSchema }),
    async (req) => ok(await listWordRules(serviceDeps(app, req))),
  );

  app.post(
    "/admin/word-rules",
    route.moderator({
      example: { as: demo.moderator, body: { word: "高仿", action: "review" } },
      summary: "Add a prohibited word",
      answer: WordRuleSchema,
      body: WordRuleBodySchema,
    }),
    async (req) => {
      const rule = await addWordRule(serviceDeps(app, req), userOf(req).userId, req.body);
      app.wordRules.changed();
      return ok(rule, "已添加");
    },
  );

  app.put(
    "/admin/word-rules/:id",
    route.moderator({
      example: { as: demo.moderator, params: { id: demo.firstMade }, body: { action: "refuse" } },
      summary: "Change what a prohibited word does",
      answer: WordRuleSchema,
      params: IdParamsSchema,
      body: WordRuleUpdateBodySchema,
    }),
    async (req) => {
      const rule = await setWordRuleAction(
        serviceDeps(app, req),
        userOf(req).userId,
        Number(req.params.id),
        req.body.action,
      );
      app.wordRules.changed();
      return ok(rule, "已保存");
    },
  );

  app.delete(
    "/admin/word-rules/:id",
    route.moderator({
      example: { as: demo.moderator, params: { id: demo.firstMade } },
      summary: "Remove a prohibited word",
      answer: null,
      params: IdParamsSchema,
    }),
    async (req) => {
      const removed = await removeWordRule(serviceDeps(app, req), userOf(req).userId, Number(req.params.id));
      app.wordRules.changed();
      return ok(removed, "已删除");
    },
  );
};
