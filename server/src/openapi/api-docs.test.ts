import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredUser } from "../test-support/accounts.js";
import { registerModerator } from "../test-support/moderation.js";
import { createTestAppWithRoutes, pathWith } from "../test-support/route-table.js";
import { call } from "../test-support/test-app.js";
import { type ApiDocument, jsonSchemaOf, openApiPath, SPEC_SLASHED_PATHS } from "./api-document.js";

type Parameter = { name: string; in: string; required: boolean; schema: { type?: string }; example?: unknown };
type JsonSchema = {
  required?: string[];
  properties?: Record<string, unknown>;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
};
type Operation = {
  parameters: Parameter[];
  requestBody?: {
    required: boolean;
    content: Record<string, { schema: JsonSchema & { $ref?: string }; example?: unknown }>;
  };
  "x-demo-user"?: string;
  security: Record<string, string[]>[];
  responses: Record<string, unknown>;
};

/**
 * The served OpenAPI document against the app: every route in it and nothing else, and each
 * route refuses what the document says it requires. The routes come from the app itself, so a
 * route added tomorrow is here with its declaration (an undeclared /api route cannot be registered).
 */
const t = await createTestAppWithRoutes();
let document: ApiDocument;
let user: RegisteredUser;
const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation: operation as unknown as Operation,
    })),
  );
const bodySchemaOf = (operation: Operation): JsonSchema | undefined => {
  const schema = operation.requestBody?.content["application/json"]?.schema;
  const ref = schema?.$ref?.replace("#/components/schemas/", "");
  return ref ? (document.components.schemas[ref] as JsonSchema) : schema;
};
/** What every answer's Content-Type says, as the document writes it. */
const ANSWER_TYPE = "application/json; charset=utf-8";
/** A URL of the route with a valid id in each path parameter, and a query. */
/** A valid value of each path parameter: ids are 1, a moderated target's kind is goods. */
const pathValue = (name: string) => (name === "targetType" ? "goods" : "1");
const urlOf = (path: string, query = "") => `${pathWith(path.replace(/\{(\w+)\}/g, ":$1"), pathValue)}${query}`;

/** The fields of a value its schema does not have, by their paths ("keys.p256dh"); [] if none. */
function unknownFields(value: unknown, schema: JsonSchema, at = ""): string[] {
  const kinds = schema.oneOf ?? schema.anyOf;
  if (kinds) {
    const each = kinds.map((kind) => unknownFields(value, kind, at));
    return each.find((fields) => fields.length === 0) ?? each[0] ?? [];
  }
  if (!schema.properties || typeof value !== "object" || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([name, inner]) => {
    const property = schema.properties?.[name] as JsonSchema | undefined;
    return property ? unknownFields(inner, property, `${at}${name}.`) : [`${at}${name}`];
  });
}

beforeAll(async () => {
  // A moderator: the console's routes check their input only for them; every other route takes one too.
  user = await registerModerator(t.app, t.dataDir);
  const reply = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(reply.statusCode).toBe(200);
  document = reply.json();
});
afterAll(() => t.close());

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and lists exactly the app's routes, with their methods", () => {
    expect(document.openapi).toBe("3.1.0");
    const documented = operations().map((each) => each.key);
    const registered = t.routes.flatMap((route) => {
      const path = openApiPath(route.url);
      const asTheSpecWritesIt = SPEC_SLASHED_PATHS.has(path) ? [`${route.method} ${path}/`] : [];
      return [`${route.method} ${path}`, ...asTheSpecWritesIt];
    });
    expect(documented.sort()).toEqual(registered.sort());
  });

  it("has the spec's paths as it writes them, trailing slash and all, and the server answers them", async () => {
    const documented = new Set(operations().map((each) => each.key));
    for (const key of ["POST /api/goods/", "POST /api/goodscomment/", "GET /api/fav/", "POST /api/fav/"]) {
      expect(documented.has(key), key).toBe(true);
    }
    // Answered as the route without the slash: a visitor is asked to sign in, not told of no such path.
    expect(await call(t.app, "GET", "/api/fav/")).toMatchObject({ status: 401, code: 401 });
  });

  it("documents the refusals each operation gives, each the envelope with its status as the code", async () => {
    for (const { key, operation } of operations()) {
      if (operation.responses["101"]) continue;
      for (const status of ["401", "404", "429", "500", "503"])
        expect(operation.responses[status], `${key} ${status}`).toBeDefined();
      const input = operation.parameters.length > 0 || operation.requestBody !== undefined;
      expect(operation.responses["400"] !== undefined, `${key} 400`).toBe(input);
      expect(operation.responses["413"] !== undefined, `${key} 413`).toBe(operation.requestBody !== undefined);
    }
    const notFound = document.components.responses.Refused404 as {
      description: string;
      content: Record<string, { schema: { properties: { code: { const: number } } } }>;
    };
    expect(notFound.content[ANSWER_TYPE]?.schema.properties.code.const).toBe(404);
    expect(notFound.description).toContain("GOODS_NOT_FOUND");
    // What a call really answers is among them: an unknown goods is a documented 404.
    const reply = await call(t.app, "GET", "/api/goods/info/99999999");
    expect(reply.status).toBe(404);
    const operation = operations().find((each) => each.key === "GET /api/goods/info/{id}")?.operation;
    expect(operation?.responses[String(reply.status)]).toBeDefined();
  });

  it("describes each route's data by a component named after the contract's schema, or as null", () => {
    const answered = new Set<string>();
    for (const { key, operation } of operations()) {
      if (operation.responses["101"]) continue;
      const success = operation.responses["200"] as {
        content: Record<string, { schema: { oneOf: { properties: { data: { $ref?: string; type?: string } } }[] } }>;
      };
      const data = success.content[ANSWER_TYPE]?.schema.oneOf[0]?.properties.data;
      if (data?.type === "null") continue;
      const name = data?.$ref?.replace("#/components/schemas/", "") ?? "";
      expect(document.components.schemas[name], `${key} answers ${JSON.stringify(data)}`).toBeDefined();
      answered.add(name);
    }
    expect(answered.size).toBeGreaterThan(30);
    // The contract's descriptions of what it answers come along.
    const goods = document.components.schemas.Goods as { properties: Record<string, { description?: string }> };
    expect(goods.properties.moderation?.description).toContain("owner");
  });

  it("gives an example of every path parameter, required query parameter and JSON body, and who calls it", () => {
    const missing = operations().flatMap(({ key, operation }) => {
      const parameters = operation.parameters
        .filter((parameter) => (parameter.in === "path" || parameter.required) && parameter.example === undefined)
        .map((parameter) => `${key} ${parameter.name}`);
      const json = operation.requestBody?.content["application/json"];
      const body = json && json.example === undefined ? [`${key} body`] : [];
      const signedIn = operation.security.length === 1 && !operation.responses["101"];
      const user = (operation["x-demo-user"] !== undefined) === signedIn ? [] : [`${key} x-demo-user`];
      return [...parameters, ...body, ...user];
    });
    expect(missing).toEqual([]);
  });

  it("answers each route's example with its own schemas, naming no field they do not have", () => {
    for (const route of t.routes) {
      const { example, params, query, body } = route.api;
      const parts = [
        ["params", params, example?.params],
        ["query", query, example?.query],
        ["body", body, example?.body],
      ] as const;
      for (const [part, schema, value] of parts) {
        if (!schema || value === undefined) continue;
        const parsed = schema.safeParse(value);
        expect(parsed.error?.issues ?? [], `${route.key} ${part}`).toEqual([]);
        expect(unknownFields(value, jsonSchemaOf(schema)), `${route.key} ${part}`).toEqual([]);
      }
    }
  });

  it("answers in the media type it documents, with an example of what every answer holds", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/goods/info/1" });
    expect(reply.headers["content-type"]).toBe(ANSWER_TYPE);
    const operation = operations().find((each) => each.key === "GET /api/goods/info/{id}")?.operation;
    const success = operation?.responses["200"] as { content: Record<string, { example: { data: object } }> };
    const example = success.content[ANSWER_TYPE]?.example;
    // Only what every goods has: the owner's moderation note is left out.
    expect(Object.keys(example?.data ?? {})).toContain("title");
    expect(Object.keys(example?.data ?? {})).not.toContain("moderation");
  });

  it("names each route's path parameters", () => {
    for (const route of t.routes) {
      const operation = operations().find((each) => each.key === `${route.method} ${openApiPath(route.url)}`);
      const inPath = [...route.url.matchAll(/:(\w+)/g)].map(([, name]) => name);
      const documented = operation?.operation.parameters.filter((each) => each.in === "path").map((each) => each.name);
      expect(documented, route.key).toEqual(inPath);
    }
  });

  it("says which routes need a token: they answer 401 without one", async () => {
    const signedIn = operations().filter(
      ({ operation }) =>
        operation.security.length === 1 && operation.security[0]?.bearer && !operation.responses["101"],
    );
    expect(signedIn.length).toBeGreaterThan(30);
    for (const { key, method, path } of signedIn) {
      const reply = await call(t.app, method as "GET", urlOf(path), { body: method === "GET" ? undefined : {} });
      expect(reply.status, key).toBe(401);
    }
  });

  it("marks a body required exactly when a route refuses an empty one, naming a field it lists", async () => {
    const withBodies = operations().filter(({ operation }) => bodySchemaOf(operation));
    expect(withBodies.length).toBeGreaterThan(20);
    for (const { key, method, path, operation } of withBodies) {
      const schema = bodySchemaOf(operation) as JsonSchema;
      const reply = await call(t.app, method as "POST", urlOf(path), { token: user.token, body: {} });
      if (operation.requestBody?.required) {
        expect(reply, key).toMatchObject({ status: 400, code: 400 });
        const field = (reply.data as { issues: { field: string }[] }).issues[0]?.field ?? "";
        // A body of several kinds (oneOf) names the field that tells them apart, which each requires.
        const kinds = schema.oneOf ?? schema.anyOf ?? [];
        const required = schema.required ?? kinds.flatMap((kind) => kind.required ?? []);
        expect(required, key).toContain(field.split(".")[0]);
      } else {
        // Nothing required: whatever the answer (a business one, a 404 for id 1), no field is missing.
        // A rule on the whole body ("change at least one field", field "") is in the summary.
        const issues = (reply.data?.issues ?? []) as { field: string }[];
        expect(
          issues.filter((issue) => issue.field !== ""),
          key,
        ).toEqual([]);
        if (issues.length > 0) expect((operation as { summary?: string }).summary, key).toContain("at least one");
      }
    }
  });

  it("has each body field read by its route: a value of the wrong type is refused, naming it", async () => {
    for (const { key, method, path, operation } of operations()) {
      for (const name of Object.keys(bodySchemaOf(operation)?.properties ?? {})) {
        const reply = await call(t.app, method as "POST", urlOf(path), {
          token: user.token,
          body: { [name]: { x: 1 } },
        });
        expect(reply.status, `${key} ${name}`).toBe(400);
        const fields = (reply.data as { issues: { field: string }[] }).issues.map((each) => each.field.split(".")[0]);
        expect(fields, `${key} ${name}`).toContain(name);
      }
    }
  });

  it("lists each query's required parameters: without them the route refuses, with none missing it does not", async () => {
    const withQueries = operations().filter(({ operation }) =>
      operation.parameters.some((each) => each.in === "query"),
    );
    expect(withQueries.length).toBeGreaterThan(15);
    for (const { key, path, operation } of withQueries) {
      if (operation.responses["101"]) continue;
      const required = operation.parameters.filter((each) => each.in === "query" && each.required).map((p) => p.name);
      const reply = await call(t.app, "GET", urlOf(path), { token: user.token });
      if (required.length > 0) {
        expect(reply, key).toMatchObject({ status: 400, code: 400 });
        const field = (reply.data as { issues: { field: string }[] }).issues[0]?.field ?? "";
        expect(required, key).toContain(field.split(".")[0]);
      } else {
        expect(reply.data?.issues, key).toBeUndefined();
      }
    }
  });

  it("has each query parameter read by its route: a bad value of each is refused, naming it", async () => {
    for (const { key, path, operation } of operations()) {
      const queries = operation.parameters.filter((each) => each.in === "query" && each.name !== "token");
      const required = queries.filter((each) => each.required);
      for (const parameter of queries) {
        // The others required get a value that passes or fails on its own; only this one is wrong.
        const valid = required.filter((each) => each !== parameter).map((each) => `${each.name}=1`);
        const query = `?${[...valid, `${parameter.name}=${"x".repeat(300)}`].join("&")}`;
        const reply = await call(t.app, "GET", urlOf(path, query), { token: user.token });
        expect(reply.status, `${key} ${parameter.name}`).toBe(400);
        const fields = (reply.data as { issues: { field: string }[] }).issues.map((each) => each.field.split(".")[0]);
        expect(fields, `${key} ${parameter.name}`).toContain(parameter.name);
      }
    }
  });
});

describe("/api/docs", () => {
  it("serves Swagger UI from this origin under the app's Content-Security-Policy", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>/g)].map(([, attributes]) => attributes ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    // No inline script: each is a file of this origin, which the policy allows.
    for (const attributes of scripts) {
      const source = /src="([^"]+)"/.exec(attributes)?.[1];
      expect(source).toMatch(/^\.\/static\//);
      const file = await t.app.inject({ method: "GET", url: `/api/docs/${source?.slice(2)}` });
      expect(file.statusCode, source).toBe(200);
      expect(file.headers["content-type"]).toContain("javascript");
    }
    const documentThere = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(documentThere.json()).toEqual(document);
  });
});
