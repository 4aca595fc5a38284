import { Readable } from "node:stream";
import { DataExportSchema, DeleteAccountBodySchema } from "@xianzhi/contract";
import { DEMO_PASSWORD } from "../../demo/demo-goods.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { JSON_TYPE, ok } from "../../http/envelope.js";
import { PRIVATE_NO_STORE } from "../../http/private-answers.js";
import { userOf } from "../../plugins/auth.js";
import { serviceDeps } from "../../services.js";
import { deleteAccount } from "./account-deletion.js";
import { exportOf } from "./data-export.js";

const route = apiRoutes("accounts");

/** Closing one's account and downloading one's data (PIPL articles 45 and 47). */
export const ownDataRoutes: ApiRoutes = async (app) => {
  app.post(
    "/user/delete",
    route.user(
      {
        example: { as: "carol", body: { password: DEMO_PASSWORD } },
        summary: "Close the account (注销账号), after the password",
        answer: null,
        body: DeleteAccountBodySchema,
      },
      { preValidation: app.rateLimits.passwordCheckPerUser },
    ),
    async (req) => {
      const me = userOf(req);
      await deleteAccount(serviceDeps(app, req), me, req.body);
      // The sessions are gone from the database; this closes the chat sockets they had open.
      await app.hub.endSessions({ userId: me.userId });
      return ok(null, "账号已注销");
    },
  );

  app.get(
    "/user/export",
    route.user(
      { example: { as: "alice" }, summary: "All of the user's data as one JSON file", answer: DataExportSchema },
      { preValidation: app.rateLimits.dataExportPerUser },
    ),
    async (req, reply) => {
      const document = await exportOf(serviceDeps(app, req), userOf(req).userId);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", JSON_TYPE)
        .header("content-disposition", `attachment; filename="xianzhi-data-${day}.json"`)
        .header("cache-control", PRIVATE_NO_STORE)
        .send(Readable.from(document));
    },
  );
};
