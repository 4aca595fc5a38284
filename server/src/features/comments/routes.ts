import {
  CreateCommentBodySchema,
  GoodsCommentPageSchema,
  GoodsCommentSchema,
  GoodsIdParamsSchema,
  PageQuerySchema,
} from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { serviceDeps } from "../../services.js";
import { addComment, listComments } from "./comment-service.js";

const route = apiRoutes("comments");

export const commentRoutes: ApiRoutes = async (app) => {
  app.get(
    "/goodscomment/getlist/:goodsId",
    route.pub({
      example: { params: { goodsId: demo.goods(0) } },
      summary: "Comments on goods",
      answer: GoodsCommentPageSchema,
      params: GoodsIdParamsSchema,
      query: PageQuerySchema,
    }),
    async (req) => ok(await listComments(serviceDeps(app, req), Number(req.params.goodsId), req.query)),
  );

  app.post(
    "/goodscomment",
    route.user(
      {
        example: { as: "carol", body: { goodsId: demo.goods(0), content: "还能小刀吗？" } },
        summary: "Comment on goods or reply",
        answer: GoodsCommentSchema,
        body: CreateCommentBodySchema,
      },
      { preValidation: app.rateLimits.commentPerUser },
    ),
    async (req) => ok(await addComment(serviceDeps(app, req), userOf(req).userId, req.body), "评论成功"),
  );
};
