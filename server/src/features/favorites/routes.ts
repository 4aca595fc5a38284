import {
  FavoriteBodySchema,
  FavoriteIdsQuerySchema,
  GoodsIdParamsSchema,
  isId,
  PageQuerySchema,
} from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { ok, parseIdParam, parseInput } from "../../http/envelope.js";
import { requireUser, requireUserWith } from "../../plugins/auth.js";
import { addFavorite, favoriteIds, favoriteOfSession, listFavorites, removeFavorite } from "./favorite-service.js";

export async function favoriteRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const goodsIdOf = (params: unknown) => parseIdParam(GoodsIdParamsSchema, params, "goodsId");

  app.get("/fav", async (req) => {
    const me = await requireUser(req);
    return ok(await listFavorites(db, me.userId, parseInput(PageQuerySchema, req.query)));
  });

  app.post("/fav", { preHandler: app.rateLimits.favoritePerUser }, async (req) => {
    const me = await requireUser(req);
    const { goodsId } = parseInput(FavoriteBodySchema, req.body);
    return ok(await addFavorite(db, app.notifier.outbox(), me.userId, Number(goodsId)), "已收藏");
  });

  app.get("/fav/exists/:goodsId", async (req) => {
    const { goodsId } = req.params as { goodsId?: unknown };
    // Who asks is checked before what they ask, as on every route: a bad id from someone signed
    // out is a 401, not a 400.
    if (!isId(goodsId)) await requireUser(req).then(() => goodsIdOf(req.params));
    const { exists, priceDropCents } = await requireUserWith(req, (key) => favoriteOfSession(db, key, Number(goodsId)));
    return ok({ exists, priceDropCents });
  });

  app.get("/fav/ids", async (req) => {
    const me = await requireUser(req);
    return ok(await favoriteIds(db, me.userId, parseInput(FavoriteIdsQuerySchema, req.query).goodsIds));
  });

  app.delete("/fav/:goodsId", { preHandler: app.rateLimits.favoritePerUser }, async (req) => {
    const me = await requireUser(req);
    return ok(await removeFavorite(db, me.userId, goodsIdOf(req.params)), "已取消收藏");
  });
}
