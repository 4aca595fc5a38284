import { FollowBodySchema, FollowingGoodsQuerySchema, IdParamsSchema, PageQuerySchema } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { ok, parseIdParam, parseInput } from "../../http/envelope.js";
import { requireUser } from "../../plugins/auth.js";
import * as follows from "./follow-service.js";

/** Following sellers, and the goods of those followed. All signed in. */
export async function followRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const sellerId = (params: unknown) => parseIdParam(IdParamsSchema, params, "id");

  app.post("/follows", { preHandler: app.rateLimits.followPerUser }, async (req) => {
    const me = await requireUser(req);
    const { userId } = parseInput(FollowBodySchema, req.body);
    return ok(await follows.follow(db, me.userId, Number(userId)), "已关注");
  });

  app.delete("/follows/:id", { preHandler: app.rateLimits.followPerUser }, async (req) => {
    const me = await requireUser(req);
    return ok(await follows.unfollow(db, me.userId, sellerId(req.params)), "已取消关注");
  });

  app.get("/follows/:id", async (req) => {
    const me = await requireUser(req);
    return ok(await follows.followState(db, me.userId, sellerId(req.params)));
  });

  app.get("/follows", async (req) => {
    const me = await requireUser(req);
    return ok(await follows.followedSellers(db, me.userId, parseInput(PageQuerySchema, req.query)));
  });

  app.get("/goods/following", async (req) => {
    const me = await requireUser(req);
    return ok(await follows.followedGoods(db, me.userId, parseInput(FollowingGoodsQuerySchema, req.query)));
  });
}
