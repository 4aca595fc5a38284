import { IdParamsSchema, SellerGoodsQuerySchema } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { ok, parseIdParam, parseInput } from "../../http/envelope.js";
import * as sellers from "./seller-service.js";

/** A user's public page: who they are, how they deal, and their goods. No token needed. */
export async function sellerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const userId = (params: unknown) => parseIdParam(IdParamsSchema, params, "id");

  app.get("/user/:id/profile", async (req) => ok(await sellers.sellerProfile(db, userId(req.params))));

  app.get("/user/:id/goods", async (req) => {
    const id = userId(req.params);
    return ok(await sellers.sellerGoods(db, id, parseInput(SellerGoodsQuerySchema, req.query)));
  });
}
