import {
  FavoriteBodySchema,
  FavoriteExistsSchema,
  FavoriteGoodsPageSchema,
  FavoriteIdsQuerySchema,
  FavoriteIdsSchema,
  FavoriteStateSchema,
  GoodsIdParamsSchema,
  PageQuerySchema,
} from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { requireUserWith, userOf } from "../../plugins/auth.js";
import { serviceDeps } from "../../services.js";
import { addFavorite, favoriteIds, favoriteOfSession, listFavorites, removeFavorite } from "./favorite-service.js";

const route = apiRoutes("favourites");

export const favoriteRoutes: ApiRoutes = async (app) => {
  app.get(
    "/fav",
    route.user({
      example: { as: "bob" },
      summary: "The user's favourites",
      answer: FavoriteGoodsPageSchema,
      query: PageQuerySchema,
    }),
    async (req) => ok(await listFavorites(serviceDeps(app, req), userOf(req).userId, req.query)),
  );

  app.post(
    "/fav",
    route.user(
      {
        example: { as: "carol", body: { goodsId: demo.goods(1) } },
        summary: "Keep goods as a favourite",
        answer: FavoriteStateSchema,
        body: FavoriteBodySchema,
      },
      { preValidation: app.rateLimits.favoritePerUser },
    ),
    async (req) => ok(await addFavorite(serviceDeps(app, req), userOf(req).userId, Number(req.body.goodsId)), "已收藏"),
  );

  // Asked on every goods page a signed-in user opens: one query proves the session and answers.
  app.get(
    "/fav/exists/:goodsId",
    route.user({
      example: { as: "bob", params: { goodsId: demo.goods(0) } },
      summary: "Whether goods are a favourite",
      answer: FavoriteExistsSchema,
      params: GoodsIdParamsSchema,
      sessionInAnswer: true,
    }),
    async (req) => {
      const goodsId = Number(req.params.goodsId);
      const { exists, priceDropCents } = await requireUserWith(req, (key) =>
        favoriteOfSession(serviceDeps(app, req), key, goodsId),
      );
      return ok({ exists, priceDropCents });
    },
  );

  app.get(
    "/fav/ids",
    route.user({
      example: { as: "bob", query: { goodsIds: [demo.goods(0), demo.goods(1)] } },
      summary: "Which of these goods are favourites, and their price drops",
      answer: FavoriteIdsSchema,
      query: FavoriteIdsQuerySchema,
    }),
    async (req) => ok(await favoriteIds(serviceDeps(app, req), userOf(req).userId, req.query.goodsIds)),
  );

  app.delete(
    "/fav/:goodsId",
    route.user(
      {
        example: { as: "bob", params: { goodsId: demo.goods(28) } },
        summary: "Stop keeping goods as a favourite",
        answer: FavoriteStateSchema,
        params: GoodsIdParamsSchema,
      },
      { preValidation: app.rateLimits.favoritePerUser },
    ),
    async (req) =>
      ok(await removeFavorite(serviceDeps(app, req), userOf(req).userId, Number(req.params.goodsId)), "已取消收藏"),
  );
};
