import { CreateReviewBodySchema, IdParamsSchema, PageQuerySchema } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { ok, parseIdParam, parseInput } from "../../http/envelope.js";
import { requireUser } from "../../plugins/auth.js";
import { createReview, userReviews } from "./review-service.js";

/** Reviews after a completed deal, and the reviews shown on a user's page. */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.post("/reviews", async (req) => {
    const me = await requireUser(req);
    const body = parseInput(CreateReviewBodySchema, req.body);
    return ok(await createReview(db, app.notifier.outbox(), me.userId, body), "评价成功");
  });

  app.get("/user/:id/reviews", async (req) => {
    const userId = parseIdParam(IdParamsSchema, req.params, "id");
    return ok(await userReviews(db, userId, parseInput(PageQuerySchema, req.query)));
  });
}
