import {
  CreateGoodsBodySchema,
  GoodsListQuerySchema,
  GoodsSearchQuerySchema,
  IdParamsSchema,
  MyGoodsQuerySchema,
  SetGoodsStatusBodySchema,
  UpdateGoodsBodySchema,
} from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { ok, parseInput } from "../../http/envelope.js";
import { SerializedAnswer } from "../../http/response-cache.js";
import { requireUser } from "../../plugins/auth.js";
import * as goods from "./goods-service.js";

export async function goodsRoutes(app: FastifyInstance): Promise<void> {
  const { db, answers } = app;
  const deps = { db, files: app.pictureFiles };
  const goodsId = (params: unknown) => Number(parseInput(IdParamsSchema, params).id);

  // The list is the same for everyone: one serialized (and compressed) answer serves all for a moment.
  app.get("/goods/getlist", async (req, reply) => {
    const query = parseInput(GoodsListQuerySchema, req.query);
    const answer = await answers.get(
      `list:${JSON.stringify(query)}`,
      async () => new SerializedAnswer(ok(await goods.listGoods(db, query))),
    );
    return answer.send(req, reply);
  });

  app.get("/goods/search/list", async (req) => {
    return ok(await goods.searchGoods(db, parseInput(GoodsSearchQuerySchema, req.query)));
  });

  app.get("/goods/getmylist", async (req) => {
    const me = await requireUser(req);
    return ok(await goods.myGoods(db, me.userId, parseInput(MyGoodsQuerySchema, req.query)));
  });

  app.get("/goods/info/:id", async (req) =>
    ok(await goods.viewGoods({ db, views: app.goodsViews, answers }, goodsId(req.params))),
  );

  app.post("/goods", { preHandler: app.rateLimits.goodsPostPerUser }, async (req) => {
    const me = await requireUser(req);
    return ok(await goods.createGoods(db, me.userId, parseInput(CreateGoodsBodySchema, req.body)), "发布成功");
  });

  app.put("/goods/:id", async (req) => {
    const me = await requireUser(req);
    const id = goodsId(req.params);
    return ok(await goods.editGoods(deps, me.userId, id, parseInput(UpdateGoodsBodySchema, req.body)), "已保存");
  });

  app.put("/goods/:id/status", async (req) => {
    const me = await requireUser(req);
    const id = goodsId(req.params);
    const { status } = parseInput(SetGoodsStatusBodySchema, req.body);
    return ok(await goods.setGoodsStatus(db, me.userId, id, status), "状态已更新");
  });

  app.delete("/goods/:id", async (req) => {
    const me = await requireUser(req);
    return ok(await goods.removeGoods(deps, me.userId, goodsId(req.params)), "已删除");
  });
}
