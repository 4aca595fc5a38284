import {
  CreateGoodsBodySchema,
  GoodsListQuerySchema,
  GoodsSearchQuerySchema,
  IdParamsSchema,
  MyGoodsQuerySchema,
  SetGoodsStatusBodySchema,
  SuggestQuerySchema,
  UpdateGoodsBodySchema,
} from "@xianzhi/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ok, parseIdParam, parseInput } from "../../http/envelope.js";
import { PRIVATE_NO_STORE } from "../../http/private-answers.js";
import { SerializedAnswer, sendJsonText } from "../../http/response-cache.js";
import { optionalUser, requireUser } from "../../plugins/auth.js";
import { visitGoods } from "./goods-detail.js";
import * as goods from "./goods-service.js";
import { suggestionsFor } from "./suggestions.js";

export async function goodsRoutes(app: FastifyInstance): Promise<void> {
  const { db, answers } = app;
  const deps = { db, files: app.pictureFiles, words: app.wordRules };
  const goodsId = (params: unknown) => parseIdParam(IdParamsSchema, params, "id");
  const viewDeps = { db, views: app.goodsViews, answers };

  /**
   * An answer the same for everyone: serialized and compressed once, it serves all for a moment.
   * Its routes skip @fastify/compress, which would have nothing to do.
   */
  const shared = async (req: FastifyRequest, reply: FastifyReply, key: string, make: () => Promise<unknown>) => {
    const answer = await answers.get(key, async () => new SerializedAnswer(ok(await make())));
    return answer.send(req, reply);
  };

  /**
   * An answer for one viewer alone (one who has blocked sellers): read for them, never kept, and
   * marked so that no cache on the way keeps it either.
   */
  const personal = async (req: FastifyRequest, reply: FastifyReply, make: () => Promise<unknown>) => {
    reply.header("cache-control", PRIVATE_NO_STORE);
    return new SerializedAnswer(ok(await make())).send(req, reply);
  };

  app.get("/goods/getlist", { compress: false }, async (req, reply) => {
    const query = parseInput(GoodsListQuerySchema, req.query);
    const blockerId = await app.viewerBlocks.blockerOf(req);
    if (blockerId !== undefined) return personal(req, reply, () => goods.listGoods(db, query, blockerId));
    return shared(req, reply, `list:${JSON.stringify(query)}`, () => goods.listGoods(db, query));
  });

  // A keyword searched again within the moment (a popular one, a page reloaded) reads no index.
  app.get("/goods/search/list", { compress: false }, async (req, reply) => {
    const query = parseInput(GoodsSearchQuerySchema, req.query);
    const blockerId = await app.viewerBlocks.blockerOf(req);
    if (blockerId !== undefined) return personal(req, reply, () => goods.searchGoods(db, query, blockerId));
    return shared(req, reply, `search:${JSON.stringify(query)}`, () => goods.searchGoods(db, query));
  });

  // Asked at every pause in typing: what many type alike is read once a moment.
  app.get("/goods/suggest", { compress: false }, async (req, reply) => {
    const { q } = parseInput(SuggestQuerySchema, req.query);
    return shared(req, reply, `suggest:${q}`, () => suggestionsFor(db, q));
  });

  app.get("/goods/getmylist", async (req) => {
    const me = await requireUser(req);
    return ok(await goods.myGoods(db, me.userId, parseInput(MyGoodsQuerySchema, req.query)));
  });

  // Serialized once per cache entry but for the view count, which differs in every answer. Who
  // asks is looked up only when the request carries credentials: a visitor's costs nothing more.
  app.get("/goods/info/:id", { compress: false }, async (req, reply) => {
    const viewer = req.headers.authorization
      ? async () => (await optionalUser(req).catch(() => null))?.userId
      : undefined;
    const { presented, viewCount } = await visitGoods(viewDeps, goodsId(req.params), viewer);
    return sendJsonText(req, reply, presented.text(viewCount));
  });

  app.post("/goods", { preHandler: app.rateLimits.goodsPostPerUser }, async (req) => {
    const me = await requireUser(req);
    const body = parseInput(CreateGoodsBodySchema, req.body);
    return ok(await goods.createGoods(db, app.notifier.outbox(), me.userId, body, app.wordRules), "发布成功");
  });

  app.put("/goods/:id", { preHandler: app.rateLimits.goodsEditPerUser }, async (req) => {
    const me = await requireUser(req);
    const id = goodsId(req.params);
    const body = parseInput(UpdateGoodsBodySchema, req.body);
    return ok(await goods.editGoods(deps, app.notifier.outbox(), me.userId, id, body), "已保存");
  });

  app.put("/goods/:id/status", { preHandler: app.rateLimits.goodsEditPerUser }, async (req) => {
    const me = await requireUser(req);
    const id = goodsId(req.params);
    const { status } = parseInput(SetGoodsStatusBodySchema, req.body);
    return ok(await goods.setGoodsStatus(db, me.userId, id, status), "状态已更新");
  });

  app.delete("/goods/:id", { preHandler: app.rateLimits.goodsEditPerUser }, async (req) => {
    const me = await requireUser(req);
    return ok(await goods.removeGoods(deps, me.userId, goodsId(req.params)), "已删除");
  });
}
