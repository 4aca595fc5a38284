import { FavoriteBodySchema, IdParamsSchema, PageQuerySchema } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiRoutes, apiRoutes } from "../http/api-route.js";
import { ok } from "../http/envelope.js";
import { type RegisteredUser, registerUser } from "../test-support/accounts.js";
import { registerModerator } from "../test-support/moderation.js";
import { call, createTestApp } from "../test-support/test-app.js";
import { userOf } from "./auth.js";

/**
 * A route's declaration is what the server does: who is let in (before the input is read), what
 * input is refused, what the handler gets. Two routes of the test's own, beside the app's.
 */
const t = await createTestApp();
const route = apiRoutes("test");
const echoRoutes: ApiRoutes = async (app) => {
  app.post(
    "/api/test/echo/:id",
    route.user({
      summary: "Echo",
      answer: null,
      params: IdParamsSchema,
      query: PageQuerySchema,
      body: FavoriteBodySchema,
    }),
    async (req) =>
      ok({ id: req.params.id, page: req.query.page, goodsId: req.body.goodsId, userId: userOf(req).userId }),
  );
  app.get("/api/test/moderators", route.moderator({ summary: "Moderators only", answer: null }), async (req) =>
    ok({ userId: userOf(req).userId }),
  );
};
await t.app.register(echoRoutes);
/** Registering a route without a declaration, tried before the app starts (routes can be added only then). */
const undeclared = (() => {
  try {
    t.app.get("/api/test/undeclared", async () => ok(null));
  } catch (error) {
    return error;
  }
})();

let user: RegisteredUser;
let moderator: RegisteredUser;
beforeAll(async () => {
  user = await registerUser(t.app, t.dataDir);
  moderator = await registerModerator(t.app, t.dataDir);
});
afterAll(() => t.close());

describe("declared routes", () => {
  it("cannot be left undeclared under /api", () => {
    expect(String(undeclared)).toMatch(/GET \/api\/test\/undeclared is not declared/);
  });

  it("hand the handler the caller and the schemas' output", async () => {
    const reply = await call(t.app, "POST", "/api/test/echo/7?page=2", { token: user.token, body: { goodsId: "9" } });
    expect(reply).toMatchObject({ status: 200, data: { id: "7", page: 2, goodsId: "9", userId: Number(user.id) } });
  });

  it("ask who calls before what they send: signed out, bad input is a 401", async () => {
    const reply = await call(t.app, "POST", "/api/test/echo/x?page=0", { body: { goodsId: [] } });
    expect(reply).toMatchObject({ status: 401, code: 401 });
  });

  it("refuse bad input with a Chinese 400 naming the field, path first", async () => {
    const badPath = await call(t.app, "POST", "/api/test/echo/x", { token: user.token, body: { goodsId: "9" } });
    expect(badPath).toMatchObject({ status: 400, code: 400, data: { issues: [{ field: "id" }] } });
    expect(badPath.msg).toMatch(/[\u4e00-\u9fff]/);
    const badBody = await call(t.app, "POST", "/api/test/echo/7", { token: user.token, body: { goodsId: "x" } });
    expect(badBody).toMatchObject({ status: 400, data: { issues: [{ field: "goodsId" }] } });
    const badQuery = await call(t.app, "POST", "/api/test/echo/7?page=0", {
      token: user.token,
      body: { goodsId: "9" },
    });
    expect(badQuery).toMatchObject({ status: 400, data: { issues: [{ field: "page" }] } });
  });

  it("let only moderators into a moderators' route", async () => {
    expect(await call(t.app, "GET", "/api/test/moderators")).toMatchObject({ status: 401 });
    expect(await call(t.app, "GET", "/api/test/moderators", { token: user.token })).toMatchObject({ status: 403 });
    const reply = await call(t.app, "GET", "/api/test/moderators", { token: moderator.token });
    expect(reply).toMatchObject({ status: 200, data: { userId: Number(moderator.id) } });
  });

  it("are listed with their declarations, and in the API document", async () => {
    const echo = t.app.apiRoutes.find((each) => each.key === "POST /api/test/echo/:id");
    expect(echo?.api).toMatchObject({ access: "signed-in", tag: "test", body: FavoriteBodySchema });
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(document.paths["/api/test/echo/{id}"].post).toMatchObject({
      summary: "Echo",
      tags: ["test"],
      security: [{ bearer: [] }],
      parameters: expect.arrayContaining([expect.objectContaining({ name: "id", in: "path" })]),
    });
  });
});
