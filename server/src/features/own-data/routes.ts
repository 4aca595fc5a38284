import { Readable } from "node:stream";
import { DeleteAccountBodySchema } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { JSON_TYPE, ok, parseInput } from "../../http/envelope.js";
import { PRIVATE_NO_STORE } from "../../http/private-answers.js";
import { requireUser } from "../../plugins/auth.js";
import { deleteAccount } from "./account-deletion.js";
import { exportOf } from "./data-export.js";

/** Closing one's account and downloading one's data (PIPL articles 45 and 47). */
export async function ownDataRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.post("/user/delete", { preHandler: app.rateLimits.passwordCheckPerUser }, async (req) => {
    const me = await requireUser(req);
    const body = parseInput(DeleteAccountBodySchema, req.body);
    await deleteAccount({ db, files: app.pictureFiles }, me, body);
    // The sessions are gone from the database; this closes the chat sockets they had open.
    await app.hub.endSessions({ userId: me.userId });
    return ok(null, "账号已注销");
  });

  app.get("/user/export", { preHandler: app.rateLimits.dataExportPerUser }, async (req, reply) => {
    const me = await requireUser(req);
    const document = await exportOf(db, me.userId);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header("content-type", JSON_TYPE)
      .header("content-disposition", `attachment; filename="xianzhi-data-${day}.json"`)
      .header("cache-control", PRIVATE_NO_STORE)
      .send(Readable.from(document));
  });
}
