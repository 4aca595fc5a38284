import { ReconciliationListSchema } from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { serviceDeps } from "../../services.js";
import { recentReconciliations } from "./reconcile.js";

const route = apiRoutes("admin");

/** The console's 对账: what the daily comparison of the provider's bills with the ledger found. */
export const reconciliationRoutes: ApiRoutes = async (app) => {
  app.get(
    "/admin/reconciliations",
    route.moderator({
      summary: "The newest days compared with the payment provider's bills, and what did not match",
      answer: ReconciliationListSchema,
      example: { as: demo.moderator },
    }),
    async (req) => ok(await recentReconciliations(serviceDeps(app, req))),
  );
};
