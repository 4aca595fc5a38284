import {
  CreateReviewBodySchema,
  IdParamsSchema,
  PageQuerySchema,
  ReviewPageSchema,
  ReviewSchema,
} from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { serviceDeps } from "../../services.js";
import { createReview, userReviews } from "./review-service.js";

const route = apiRoutes("reviews");

/** Reviews after a completed deal, and the reviews shown on a user's page. */
export const reviewRoutes: ApiRoutes = async (app) => {
  app.post(
    "/reviews",
    route.user({
      example: {
        as: demo.sellerOf(demo.trade.reviewedByBuyerOnly.goodsIndex),
        body: { dealId: demo.deal("reviewedByBuyerOnly"), rating: 5, content: "小卡付款爽快，沟通愉快" },
      },
      summary: "Review the other side of a completed deal",
      answer: ReviewSchema,
      body: CreateReviewBodySchema,
    }),
    async (req) => ok(await createReview(serviceDeps(app, req), userOf(req).userId, req.body), "评价成功"),
  );

  app.get(
    "/user/:id/reviews",
    route.pub({
      example: { params: { id: demo.user("alice") } },
      summary: "Reviews a user received",
      answer: ReviewPageSchema,
      params: IdParamsSchema,
      query: PageQuerySchema,
    }),
    async (req) => ok(await userReviews(serviceDeps(app, req), Number(req.params.id), req.query)),
  );
};
