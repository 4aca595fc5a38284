import type { ValidateFunction } from "ajv";
import ajv2020 from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../demo/seed.js";
import type { RegisteredUser } from "../test-support/accounts.js";
import { registerModerator, reportTarget } from "../test-support/moderation.js";
import { call, createTestApp } from "../test-support/test-app.js";
import type { ApiDocument } from "./api-document.js";

/**
 * The OpenAPI document's answers against the app's: real answers over the demo data, each `data`
 * validated (JSON Schema 2020-12, as OpenAPI 3.1 uses) against what the document says its route
 * answers. A field the document requires and the answer lacks, one the answer has and the document
 * does not name, or a value of another type fails here.
 */
const t = await createTestApp({ DEMO_DATA: "true" });
let document: ApiDocument;
const validators = new Map<string, ValidateFunction>();
const signIn = async (username: string) => {
  const reply = await call(t.app, "POST", "/api/user/login/username", { body: { username, password: DEMO_PASSWORD } });
  return { id: reply.data.userInfo.id as string, token: reply.data.token as string };
};
let alice: { id: string; token: string };
let bob: { id: string; token: string };
let moderator: RegisteredUser;

type Schema = Record<string, unknown>;
/** The schema of `data` in a route's 200 success, as the served document says. */
function documentedData(route: string): Schema {
  const [method = "", path = ""] = route.split(" ");
  const operation = (document.paths[path] as Record<string, { responses: Record<string, Schema> }>)[
    method.toLowerCase()
  ];
  const answer = operation?.responses["200"] as { content: Record<string, { schema: { oneOf: Schema[] } }> };
  const success = answer.content["application/json; charset=utf-8"]?.schema.oneOf[0] as {
    properties: { data: Schema };
  };
  return success.properties.data;
}

function validatorOf(route: string): ValidateFunction {
  let validate = validators.get(route);
  if (!validate) {
    // A CommonJS module: its class is its default export's default.
    const ajv = new ajv2020.default({ allErrors: true, strict: true });
    // The document's components, for the references to resolve; not a keyword to validate.
    ajv.addVocabulary(["components"]);
    validate = ajv.compile({ ...documentedData(route), components: document.components });
    validators.set(route, validate);
  }
  return validate;
}

/** Calls a route as a client does; its `data` must be a success that the document describes. */
async function answerOf(route: string, url: string, token?: string, body?: unknown) {
  const [method = ""] = route.split(" ");
  const reply = await call(t.app, method as "GET", url, { token, body });
  expect(reply, `${route}: ${reply.msg}`).toMatchObject({ status: 200, code: 200 });
  const validate = validatorOf(route);
  expect(validate(reply.data) ? [] : validate.errors, route).toEqual([]);
  return reply.data;
}

beforeAll(async () => {
  const reply = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
  document = reply.json();
  alice = await signIn("alice");
  bob = await signIn("bob");
  moderator = await registerModerator(t.app, t.dataDir);
});
afterAll(() => t.close());

describe("the documented answers", () => {
  // Compiling a validator for each of some 90 routes takes 7-15 s of one core; more on a busy one.
  it("describe every route's data by a schema whose references all resolve", { timeout: 60_000 }, () => {
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.length).toBeGreaterThan(70);
    for (const route of routes) {
      if (route === "GET /api/ws") continue;
      expect(() => validatorOf(route), route).not.toThrow();
    }
  });

  it("match the goods list, search, suggestions, details and a seller's page", async () => {
    const list = await answerOf("GET /api/goods/getlist", "/api/goods/getlist?pageSize=50");
    expect(list.list.length).toBeGreaterThan(10);
    const first = list.list[0];
    await answerOf("GET /api/goods/info/{id}", `/api/goods/info/${first.id}`);
    const found = await answerOf(
      "GET /api/goods/search/list",
      `/api/goods/search/list?keyword=${encodeURIComponent("iPhone")}`,
    );
    expect(found.list.length).toBeGreaterThan(0);
    await answerOf("GET /api/goods/suggest", `/api/goods/suggest?q=${encodeURIComponent("手机")}`);
    await answerOf("GET /api/goods/getmylist", "/api/goods/getmylist", alice.token);
    const profile = await answerOf("GET /api/user/{id}/profile", `/api/user/${alice.id}/profile`);
    expect(profile.ratingCount).toBeGreaterThan(0);
    await answerOf("GET /api/user/{id}/goods", `/api/user/${alice.id}/goods`);
    const reviews = await answerOf("GET /api/user/{id}/reviews", `/api/user/${alice.id}/reviews`);
    expect(reviews.list.length).toBeGreaterThan(0);
  });

  it("match favourites, comments and follows", async () => {
    const favorites = await answerOf("GET /api/fav", "/api/fav", bob.token);
    expect(favorites.list.length).toBeGreaterThan(0);
    const kept = favorites.list[0].id;
    await answerOf("GET /api/fav/exists/{goodsId}", `/api/fav/exists/${kept}`, bob.token);
    await answerOf("GET /api/fav/ids", `/api/fav/ids?goodsIds=${kept}`, bob.token);
    const commented = (await call(t.app, "GET", "/api/goods/getlist?pageSize=50")).data.list.find(
      (goods: { commentCount: number }) => goods.commentCount > 0,
    );
    const comments = await answerOf(
      "GET /api/goodscomment/getlist/{goodsId}",
      `/api/goodscomment/getlist/${commented.id}`,
    );
    expect(comments.list.length).toBeGreaterThan(0);
    await answerOf("POST /api/goodscomment", "/api/goodscomment", bob.token, {
      goodsId: commented.id,
      content: "还能再便宜点吗？",
      replyToId: comments.list[0].id,
    });
    await answerOf("POST /api/follows", "/api/follows", bob.token, { userId: alice.id });
    const followed = await answerOf("GET /api/follows", "/api/follows", bob.token);
    expect(followed.list.length).toBe(1);
    await answerOf("GET /api/goods/following", "/api/goods/following", bob.token);
  });

  it("match chats, their messages, offers and deals", async () => {
    const chats = await answerOf("GET /api/mychatlist/getlist", "/api/mychatlist/getlist", alice.token);
    expect(chats.list.length).toBeGreaterThan(0);
    await answerOf("GET /api/mychatlist/unread", "/api/mychatlist/unread", alice.token);
    let offers = 0;
    for (const chat of chats.list) {
      const history = await answerOf("GET /api/chat/getlist", `/api/chat/getlist?chatId=${chat.chatId}`, alice.token);
      expect(history.list.length).toBeGreaterThan(0);
      offers += (await answerOf("GET /api/offers", `/api/offers?chatId=${chat.chatId}`, alice.token)).offers.length;
    }
    expect(offers).toBeGreaterThan(0);
    for (const role of ["buyer", "seller"]) {
      const deals = await answerOf("GET /api/deals", `/api/deals?role=${role}`, alice.token);
      expect(deals.list.length).toBeGreaterThan(0);
    }
  });

  it("match notifications and the signed-in user", async () => {
    const notifications = await answerOf("GET /api/notifications", "/api/notifications", alice.token);
    expect(notifications.list.length).toBeGreaterThan(0);
    await answerOf("GET /api/notifications/unread", "/api/notifications/unread", alice.token);
    await answerOf("GET /api/notifications/settings", "/api/notifications/settings", alice.token);
    await answerOf("GET /api/user/getinfo", "/api/user/getinfo", alice.token);
    await answerOf("GET /api/saved-searches", "/api/saved-searches", alice.token);
    await answerOf("GET /api/blocks", "/api/blocks", alice.token);
  });

  it("match the moderation console's queue, context and log", async () => {
    const goods = (await call(t.app, "GET", `/api/user/${alice.id}/goods`)).data.list[0];
    await reportTarget(t.app, { token: bob.token } as RegisteredUser, "goods", goods.id);
    const queue = await answerOf("GET /api/admin/reports", "/api/admin/reports", moderator.token);
    expect(queue.list.length).toBe(1);
    const target = `/api/admin/targets/goods/${goods.id}`;
    await answerOf("GET /api/admin/targets/{targetType}/{targetId}", target, moderator.token);
    await answerOf("POST /api/admin/targets/{targetType}/{targetId}/actions", `${target}/actions`, moderator.token, {
      action: "warn",
      reason: "描述与实物不符",
    });
    const log = await answerOf("GET /api/admin/log", "/api/admin/log", moderator.token);
    expect(log.list.length).toBe(1);
  });

  it("fail an answer the document does not describe: a field missing, one more, a value of another type", async () => {
    const goods = (await call(t.app, "GET", "/api/goods/getlist")).data.list[0];
    const validate = validatorOf("GET /api/goods/info/{id}");
    expect(validate(goods)).toBe(true);
    const { title: _title, ...untitled } = goods;
    for (const changed of [untitled, { ...goods, secret: 1 }, { ...goods, priceCents: "100" }]) {
      expect(validate(changed)).toBe(false);
    }
    // In a page, through the references: one goods item without its seller's name.
    const page = (await call(t.app, "GET", "/api/goods/search/list?keyword=iPhone")).data;
    const validatePage = validatorOf("GET /api/goods/search/list");
    expect(validatePage(page)).toBe(true);
    const [item, ...rest] = page.list;
    const { nickname: _nickname, ...seller } = item.seller;
    expect(validatePage({ ...page, list: [{ ...item, seller }, ...rest] })).toBe(false);
  });
});
