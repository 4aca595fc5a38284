import {
  AddPictureBodySchema,
  CreateGoodsBodySchema,
  GoodsCursorPageSchema,
  GoodsListQuerySchema,
  GoodsPageSchema,
  GoodsSchema,
  GoodsSearchQuerySchema,
  IdParamsSchema,
  MyGoodsQuerySchema,
  PictureSchema,
  SetGoodsStatusBodySchema,
  SuggestionsSchema,
  SuggestQuerySchema,
  UpdateGoodsBodySchema,
} from "@xianzhi/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { PRIVATE_NO_STORE } from "../../http/private-answers.js";
import { SerializedAnswer, sendJsonText } from "../../http/response-cache.js";
import { optionalUser, userOf } from "../../plugins/auth.js";
import { serviceDeps } from "../../services.js";
import { visitGoods } from "./goods-detail.js";
import * as goods from "./goods-service.js";
import { suggestionsFor } from "./suggestions.js";

const route = apiRoutes("goods");
const pictureRoute = apiRoutes("pictures");

export const goodsRoutes: ApiRoutes = async (app) => {
  const { answers } = app;

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

  app.get(
    "/goods/getlist",
    route.pub(
      {
        example: { query: { category: "phones" } },
        summary: "Goods on sale and reserved, newest first",
        answer: GoodsCursorPageSchema,
        query: GoodsListQuerySchema,
      },
      { compress: false },
    ),
    async (req, reply) => {
      const { query } = req;
      const blockerId = await app.viewerBlocks.blockerOf(req);
      if (blockerId !== undefined)
        return personal(req, reply, () => goods.listGoods(serviceDeps(app, req), query, blockerId));
      return shared(req, reply, `list:${JSON.stringify(query)}`, () => goods.listGoods(serviceDeps(app, req), query));
    },
  );

  // A keyword searched again within the moment (a popular one, a page reloaded) reads no index.
  app.get(
    "/goods/search/list",
    route.pub(
      {
        example: { query: { keyword: "手机" } },
        summary: "Search goods",
        answer: GoodsPageSchema,
        query: GoodsSearchQuerySchema,
      },
      { compress: false },
    ),
    async (req, reply) => {
      const { query } = req;
      const blockerId = await app.viewerBlocks.blockerOf(req);
      if (blockerId !== undefined)
        return personal(req, reply, () => goods.searchGoods(serviceDeps(app, req), query, blockerId));
      return shared(req, reply, `search:${JSON.stringify(query)}`, () =>
        goods.searchGoods(serviceDeps(app, req), query),
      );
    },
  );

  // Asked at every pause in typing: what many type alike is read once a moment.
  app.get(
    "/goods/suggest",
    route.pub(
      {
        example: { query: { q: "手机" } },
        summary: "Search suggestions while typing",
        answer: SuggestionsSchema,
        query: SuggestQuerySchema,
      },
      { compress: false },
    ),
    async (req, reply) => {
      const { q } = req.query;
      return shared(req, reply, `suggest:${q}`, () => suggestionsFor(serviceDeps(app, req), q));
    },
  );

  app.get(
    "/goods/getmylist",
    route.user({
      example: { as: "alice", query: { status: "on_sale" } },
      summary: "The user's own goods",
      answer: GoodsPageSchema,
      query: MyGoodsQuerySchema,
    }),
    async (req) => ok(await goods.myGoods(serviceDeps(app, req), userOf(req).userId, req.query)),
  );

  // Serialized once per cache entry but for the view count, which differs in every answer. Who
  // asks is looked up only when the request carries credentials: a visitor's costs nothing more.
  app.get(
    "/goods/info/:id",
    route.pub(
      {
        example: { params: { id: demo.goods(0) } },
        summary: "One goods item, counted as a view",
        answer: GoodsSchema,
        params: IdParamsSchema,
      },
      { compress: false },
    ),
    async (req, reply) => {
      const viewer = req.headers.authorization
        ? async () => (await optionalUser(req).catch(() => null))?.userId
        : undefined;
      const { presented, viewCount } = await visitGoods(serviceDeps(app, req), Number(req.params.id), viewer);
      return sendJsonText(req, reply, presented.text(viewCount));
    },
  );

  app.post(
    "/goods",
    route.user(
      {
        example: {
          as: "carol",
          body: {
            title: "二手吉他 雅马哈 F600",
            description: "入门民谣吉他，送琴包。",
            priceCents: 60_000,
            category: "other",
            condition: "good",
            location: "成都 高新",
          },
        },
        summary: "Post goods",
        answer: GoodsSchema,
        body: CreateGoodsBodySchema,
      },
      { preValidation: app.rateLimits.goodsPostPerUser },
    ),
    async (req) => ok(await goods.createGoods(serviceDeps(app, req), userOf(req).userId, req.body), "发布成功"),
  );

  // A goods edit, one picture at a time: listed with the uploads in the document.
  app.post(
    "/pic/add",
    pictureRoute.user(
      {
        example: { as: "alice", body: { goodsId: demo.goods(0), fileId: "the fileId POST /com/upload answered" } },
        summary: "Add an uploaded picture to own goods",
        answer: PictureSchema,
        body: AddPictureBodySchema,
      },
      { preValidation: app.rateLimits.goodsEditPerUser },
    ),
    async (req) => {
      const { goodsId, fileId } = req.body;
      return ok(await goods.addGoodsPicture(serviceDeps(app, req), userOf(req).userId, Number(goodsId), fileId));
    },
  );

  app.put(
    "/goods/:id",
    route.user(
      {
        example: { as: "alice", params: { id: demo.goods(20) }, body: { priceCents: 6_000 } },
        summary: "Edit own goods: at least one field",
        answer: GoodsSchema,
        params: IdParamsSchema,
        body: UpdateGoodsBodySchema,
      },
      { preValidation: app.rateLimits.goodsEditPerUser },
    ),
    async (req) => {
      const id = Number(req.params.id);
      return ok(await goods.editGoods(serviceDeps(app, req), userOf(req).userId, id, req.body), "已保存");
    },
  );

  app.put(
    "/goods/:id/status",
    route.user(
      {
        example: { as: "alice", params: { id: demo.goods(22) }, body: { status: "sold" } },
        summary: "Set own goods' status",
        answer: GoodsSchema,
        params: IdParamsSchema,
        body: SetGoodsStatusBodySchema,
      },
      { preValidation: app.rateLimits.goodsEditPerUser },
    ),
    async (req) => {
      const id = Number(req.params.id);
      return ok(
        await goods.setGoodsStatus(serviceDeps(app, req), userOf(req).userId, id, req.body.status),
        "状态已更新",
      );
    },
  );

  app.delete(
    "/goods/:id",
    route.user(
      {
        example: { as: "bob", params: { id: demo.goods(32) } },
        summary: "Delete own goods",
        answer: null,
        params: IdParamsSchema,
      },
      { preValidation: app.rateLimits.goodsEditPerUser },
    ),
    async (req) =>
      ok(await goods.removeGoods(serviceDeps(app, req), userOf(req).userId, Number(req.params.id)), "已删除"),
  );
};
