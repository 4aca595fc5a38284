import { AddressBodySchema, AddressListSchema, AddressSchema, IdParamsSchema } from "@xianzhi/contract";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { serviceDeps } from "../../services.js";
import * as addresses from "./address-service.js";

const route = apiRoutes("addresses");

/** The caller's address book (收货地址), which checkout picks from. All signed in; no one sees another's. */
export const addressRoutes: ApiRoutes = async (app) => {
  app.get(
    "/addresses",
    route.user({ summary: "The user's address book, the default first", answer: AddressListSchema }),
    async (req) => ok(await addresses.addressesOf(app.db, userOf(req).userId)),
  );

  app.post(
    "/addresses",
    route.user({ summary: "Add an address", answer: AddressSchema, body: AddressBodySchema }),
    async (req) =>
      ok(await addresses.addAddress(serviceDeps(app, req), userOf(req).userId, req.body), "已添加收货地址"),
  );

  app.put(
    "/addresses/:id",
    route.user({ summary: "Edit an address", answer: AddressSchema, params: IdParamsSchema, body: AddressBodySchema }),
    async (req) =>
      ok(
        await addresses.editAddress(serviceDeps(app, req), userOf(req).userId, Number(req.params.id), req.body),
        "已保存",
      ),
  );

  app.delete(
    "/addresses/:id",
    route.user({ summary: "Delete an address", answer: null, params: IdParamsSchema }),
    async (req) =>
      ok(await addresses.deleteAddress(serviceDeps(app, req), userOf(req).userId, Number(req.params.id)), "已删除"),
  );
};
