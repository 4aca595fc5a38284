import {
  IdParamsSchema,
  RenameSavedSearchBodySchema,
  SavedSearchesSchema,
  SavedSearchSchema,
  SaveSearchBodySchema,
} from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { serviceDeps } from "../../services.js";
import { matchSavedSearches } from "./saved-search-matcher.js";
import * as savedSearches from "./saved-search-service.js";

const MATCH_EVERY_MS = 60 * 1000;

const route = apiRoutes("saved searches");

/** The caller's saved searches; and the job telling their owners of new goods matching them. */
export const savedSearchRoutes: ApiRoutes = async (app) => {
  app.get(
    "/saved-searches",
    route.user({ example: { as: "alice" }, summary: "The user's saved searches", answer: SavedSearchesSchema }),
    async (req) => ok(await savedSearches.savedSearches(serviceDeps(app, req), userOf(req).userId)),
  );

  app.post(
    "/saved-searches",
    route.user(
      {
        example: { as: "alice", body: { keyword: "相机", name: "相机" } },
        summary: "Save a search",
        answer: SavedSearchSchema,
        body: SaveSearchBodySchema,
      },
      { preValidation: app.rateLimits.savedSearchPerUser },
    ),
    async (req) =>
      ok(
        await savedSearches.saveSearch(serviceDeps(app, req), userOf(req).userId, req.body),
        "已保存搜索，有新闲置时会通知你",
      ),
  );

  app.put(
    "/saved-searches/:id",
    route.user(
      {
        example: { as: "alice", params: { id: demo.firstMade }, body: { name: "微单相机" } },
        summary: "Rename a saved search",
        answer: SavedSearchSchema,
        params: IdParamsSchema,
        body: RenameSavedSearchBodySchema,
      },
      { preValidation: app.rateLimits.savedSearchPerUser },
    ),
    async (req) => {
      const id = Number(req.params.id);
      return ok(
        await savedSearches.renameSavedSearch(serviceDeps(app, req), userOf(req).userId, id, req.body),
        "已重命名",
      );
    },
  );

  app.delete(
    "/saved-searches/:id",
    route.user(
      {
        example: { as: "alice", params: { id: demo.firstMade } },
        summary: "Delete a saved search",
        answer: null,
        params: IdParamsSchema,
      },
      { preValidation: app.rateLimits.savedSearchPerUser },
    ),
    async (req) =>
      ok(
        await savedSearches.deleteSavedSearch(serviceDeps(app, req), userOf(req).userId, Number(req.params.id)),
        "已删除",
      ),
  );

  app.jobs.schedule({
    name: "saved-search-matcher",
    does: "tells people of new goods matching their saved searches",
    everyMs: MATCH_EVERY_MS,
    run: () => matchSavedSearches(serviceDeps(app)),
  });
};
