import { AddressBodySchema, AddressListSchema, AddressSchema, IdParamsSchema } from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
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
    route.user({
      example: { as: "alice" },
      summary: "The user's address book, the default first",
      answer: AddressListSchema,
    }),
    async (req) => ok(await addresses.addressesOf(app.db, userOf(req).userId)),
  );

  app.post(
    "/addresses",
    route.user({
      example: {
        as: "alice",
        body: { recipientName: "爱丽丝", phone: "13800000001", region: "上海市 浦东新区", street: "世纪大道 100 号" },
      },
      summary: "Add an address",
      answer: AddressSchema,
      body: AddressBodySchema,
    }),
    async (req) =>
      ok(await addresses.addAddress(serviceDeps(app, req), userOf(req).userId, req.body), "已添加收货地址"),
  );

  app.put(
    "/addresses/:id",
    route.user({
      example: {
        as: "alice",
        params: { id: demo.address("alice") },
        body: {
          recipientName: "爱丽丝",
          phone: "13800000001",
          region: "上海市 徐汇区",
          street: "漕溪北路 1 号 3 室",
          isDefault: true,
        },
      },
      summary: "Edit an address",
      answer: AddressSchema,
      params: IdParamsSchema,
      body: AddressBodySchema,
    }),
    async (req) =>
      ok(
        await addresses.editAddress(serviceDeps(app, req), userOf(req).userId, Number(req.params.id), req.body),
        "已保存",
      ),
  );

  app.delete(
    "/addresses/:id",
    route.user({
      example: { as: "alice", params: { id: demo.address("alice") } },
      summary: "Delete an address",
      answer: null,
      params: IdParamsSchema,
    }),
    async (req) =>
      ok(await addresses.deleteAddress(serviceDeps(app, req), userOf(req).userId, Number(req.params.id)), "已删除"),
  );
};
