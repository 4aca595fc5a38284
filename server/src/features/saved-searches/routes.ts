import { IdParamsSchema, RenameSavedSearchBodySchema, SaveSearchBodySchema } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { ok, parseIdParam, parseInput } from "../../http/envelope.js";
import { requireUser } from "../../plugins/auth.js";
import { matchSavedSearches } from "./saved-search-matcher.js";
import * as savedSearches from "./saved-search-service.js";

const MATCH_EVERY_MS = 60 * 1000;

/** The caller's saved searches; and the job telling their owners of new goods matching them. */
export async function savedSearchRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const searchId = (params: unknown) => parseIdParam(IdParamsSchema, params, "id");

  app.get("/saved-searches", async (req) => {
    const me = await requireUser(req);
    return ok(await savedSearches.savedSearches(db, me.userId));
  });

  app.post("/saved-searches", { preHandler: app.rateLimits.savedSearchPerUser }, async (req) => {
    const me = await requireUser(req);
    const body = parseInput(SaveSearchBodySchema, req.body);
    return ok(await savedSearches.saveSearch(db, me.userId, body), "已保存搜索，有新闲置时会通知你");
  });

  app.put("/saved-searches/:id", { preHandler: app.rateLimits.savedSearchPerUser }, async (req) => {
    const me = await requireUser(req);
    const body = parseInput(RenameSavedSearchBodySchema, req.body);
    return ok(await savedSearches.renameSavedSearch(db, me.userId, searchId(req.params), body), "已重命名");
  });

  app.delete("/saved-searches/:id", { preHandler: app.rateLimits.savedSearchPerUser }, async (req) => {
    const me = await requireUser(req);
    return ok(await savedSearches.deleteSavedSearch(db, me.userId, searchId(req.params)), "已删除");
  });

  app.jobs.schedule({
    name: "saved-search-matcher",
    does: "tells people of new goods matching their saved searches",
    everyMs: MATCH_EVERY_MS,
    run: () => matchSavedSearches(db, app.notifier),
  });
}
