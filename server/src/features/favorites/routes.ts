import { FavoriteBodySchema, FavoriteIdsQuerySchema, GoodsIdParamsSchema, PageQuerySchema } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { ok, parseInput } from "../../http/envelope.js";
import { requireUser } from "../../plugins/auth.js";
import { addFavorite, favoriteIds, isFavorite, listFavorites, removeFavorite } from "./favorite-service.js";

export async function favoriteRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const goodsIdOf = (params: unknown) => Number(parseInput(GoodsIdParamsSchema, params).goodsId);

  app.get("/fav", async (req) => {
    const me = await requireUser(req);
    return ok(await listFavorites(db, me.userId, parseInput(PageQuerySchema, req.query)));
  });

  app.post("/fav", async (req) => {
    const me = await requireUser(req);
    const { goodsId } = parseInput(FavoriteBodySchema, req.body);
    return ok(await addFavorite(db, me.userId, Number(goodsId)), "已收藏");
  });

  app.get("/fav/exists/:goodsId", async (req) => {
    const me = await requireUser(req);
    return ok(await isFavorite(db, me.userId, goodsIdOf(req.params)));
  });

  app.get("/fav/ids", async (req) => {
    const me = await requireUser(req);
    return ok(await favoriteIds(db, me.userId, parseInput(FavoriteIdsQuerySchema, req.query).goodsIds));
  });

  app.delete("/fav/:goodsId", async (req) => {
    const me = await requireUser(req);
    return ok(await removeFavorite(db, me.userId, goodsIdOf(req.params)), "已取消收藏");
  });
}
