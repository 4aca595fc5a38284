import { CreateCommentBodySchema, GoodsIdParamsSchema, PageQuerySchema } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { ok, parseInput } from "../../http/envelope.js";
import { requireUser } from "../../plugins/auth.js";
import { addComment, listComments } from "./comment-service.js";

export async function commentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get("/goodscomment/getlist/:goodsId", async (req) => {
    const { goodsId } = parseInput(GoodsIdParamsSchema, req.params);
    return ok(await listComments(db, Number(goodsId), parseInput(PageQuerySchema, req.query)));
  });

  app.post("/goodscomment", { preHandler: app.rateLimits.commentPerUser }, async (req) => {
    const me = await requireUser(req);
    const body = parseInput(CreateCommentBodySchema, req.body);
    return ok(await addComment(db, app.notifier.outbox(), me.userId, body), "评论成功");
  });
}
