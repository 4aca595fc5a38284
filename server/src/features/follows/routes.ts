import {
  FollowBodySchema,
  FollowedSellerPageSchema,
  FollowingGoodsQuerySchema,
  FollowStateSchema,
  GoodsCursorPageSchema,
  IdParamsSchema,
  PageQuerySchema,
} from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { serviceDeps } from "../../services.js";
import * as follows from "./follow-service.js";

const route = apiRoutes("follows");
const goodsRoute = apiRoutes("goods");

/** Following sellers, and the goods of those followed. All signed in. */
export const followRoutes: ApiRoutes = async (app) => {
  app.post(
    "/follows",
    route.user(
      {
        example: { as: "bob", body: { userId: demo.user("carol") } },
        summary: "Follow a seller",
        answer: FollowStateSchema,
        body: FollowBodySchema,
      },
      { preValidation: app.rateLimits.followPerUser },
    ),
    async (req) =>
      ok(await follows.follow(serviceDeps(app, req), userOf(req).userId, Number(req.body.userId)), "已关注"),
  );

  app.delete(
    "/follows/:id",
    route.user(
      {
        example: { as: "bob", params: { id: demo.user("carol") } },
        summary: "Stop following a seller",
        answer: FollowStateSchema,
        params: IdParamsSchema,
      },
      { preValidation: app.rateLimits.followPerUser },
    ),
    async (req) =>
      ok(await follows.unfollow(serviceDeps(app, req), userOf(req).userId, Number(req.params.id)), "已取消关注"),
  );

  app.get(
    "/follows/:id",
    route.user({
      example: { as: "bob", params: { id: demo.user("alice") } },
      summary: "Whether the user follows a seller",
      answer: FollowStateSchema,
      params: IdParamsSchema,
    }),
    async (req) => ok(await follows.followState(serviceDeps(app, req), userOf(req).userId, Number(req.params.id))),
  );

  app.get(
    "/follows",
    route.user({
      example: { as: "bob" },
      summary: "Sellers the user follows",
      answer: FollowedSellerPageSchema,
      query: PageQuerySchema,
    }),
    async (req) => ok(await follows.followedSellers(serviceDeps(app, req), userOf(req).userId, req.query)),
  );

  app.get(
    "/goods/following",
    goodsRoute.user({
      example: { as: "bob" },
      summary: "Goods of the sellers the user follows",
      answer: GoodsCursorPageSchema,
      query: FollowingGoodsQuerySchema,
    }),
    async (req) => ok(await follows.followedGoods(serviceDeps(app, req), userOf(req).userId, req.query)),
  );
};
