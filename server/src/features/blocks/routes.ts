import { BlockBodySchema, IdParamsSchema } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { ok, parseIdParam, parseInput } from "../../http/envelope.js";
import { requireUser } from "../../plugins/auth.js";
import { deliverAll } from "../../plugins/realtime.js";
import * as blocks from "./block-service.js";

/**
 * The caller's blocked users: each answer is the list as it is after the change, and the caller's
 * goods lists leave out the blocked users' goods from then on. A block's closed offers are pushed
 * to both sides once committed, before the answer.
 */
export async function blockRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get("/blocks", async (req) => {
    const me = await requireUser(req);
    return ok(await blocks.blockedUsers(db, me.userId));
  });

  app.post("/blocks", { preHandler: app.rateLimits.blockPerUser }, async (req) => {
    const me = await requireUser(req);
    const { userId } = parseInput(BlockBodySchema, req.body);
    const { data, deliveries } = await blocks.blockUser(db, app.notifier.outbox(), me.userId, Number(userId));
    app.viewerBlocks.forgetUser(me.userId);
    await deliverAll(app.hub, deliveries);
    return ok(data, "已拉黑");
  });

  app.delete("/blocks/:id", { preHandler: app.rateLimits.blockPerUser }, async (req) => {
    const me = await requireUser(req);
    const list = await blocks.unblockUser(db, me.userId, parseIdParam(IdParamsSchema, req.params, "id"));
    app.viewerBlocks.forgetUser(me.userId);
    return ok(list, "已解除拉黑");
  });
}
