import { BlockBodySchema, BlockedUsersSchema, IdParamsSchema } from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { deliverAll } from "../../plugins/realtime.js";
import { serviceDeps } from "../../services.js";
import * as blocks from "./block-service.js";

const route = apiRoutes("moderation");

/**
 * The caller's blocked users: each answer is the list as it is after the change, and the caller's
 * goods lists leave out the blocked users' goods from then on. A block's closed offers are pushed
 * to both sides once committed, before the answer.
 */
export const blockRoutes: ApiRoutes = async (app) => {
  app.get(
    "/blocks",
    route.user({ example: { as: "carol" }, summary: "Users the user blocks", answer: BlockedUsersSchema }),
    async (req) => ok(await blocks.blockedUsers(serviceDeps(app, req), userOf(req).userId)),
  );

  app.post(
    "/blocks",
    route.user(
      {
        example: { as: "carol", body: { userId: demo.user("alice") } },
        summary: "Block a user",
        answer: BlockedUsersSchema,
        body: BlockBodySchema,
      },
      { preValidation: app.rateLimits.blockPerUser },
    ),
    async (req) => {
      const me = userOf(req);
      const { data, deliveries } = await blocks.blockUser(serviceDeps(app, req), me.userId, Number(req.body.userId));
      app.viewerBlocks.forgetUser(me.userId);
      await deliverAll(app.hub, deliveries);
      return ok(data, "已拉黑");
    },
  );

  app.delete(
    "/blocks/:id",
    route.user(
      {
        example: { as: "carol", params: { id: demo.user("alice") } },
        summary: "Unblock a user",
        answer: BlockedUsersSchema,
        params: IdParamsSchema,
      },
      { preValidation: app.rateLimits.blockPerUser },
    ),
    async (req) => {
      const me = userOf(req);
      const list = await blocks.unblockUser(serviceDeps(app, req), me.userId, Number(req.params.id));
      app.viewerBlocks.forgetUser(me.userId);
      return ok(list, "已解除拉黑");
    },
  );
};
