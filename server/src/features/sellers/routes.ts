import { GoodsPageSchema, IdParamsSchema, SellerGoodsQuerySchema, SellerProfileSchema } from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { serviceDeps } from "../../services.js";
import * as sellers from "./seller-service.js";

const route = apiRoutes("sellers");

/** A user's public page: who they are, how they deal, and their goods. No token needed. */
export const sellerRoutes: ApiRoutes = async (app) => {
  app.get(
    "/user/:id/profile",
    route.pub({
      example: { params: { id: demo.user("alice") } },
      summary: "A seller's public profile",
      answer: SellerProfileSchema,
      params: IdParamsSchema,
    }),
    async (req) => ok(await sellers.sellerProfile(serviceDeps(app, req), Number(req.params.id))),
  );

  app.get(
    "/user/:id/goods",
    route.pub({
      example: { params: { id: demo.user("alice") } },
      summary: "A seller's goods",
      answer: GoodsPageSchema,
      params: IdParamsSchema,
      query: SellerGoodsQuerySchema,
    }),
    async (req) => ok(await sellers.sellerGoods(serviceDeps(app, req), Number(req.params.id), req.query)),
  );
};
