import * as contract from "@xianzhi/contract";
import { Errors } from "@xianzhi/contract";
import { z } from "zod";
import { DEMO_PASSWORD } from "../demo/demo-goods.js";
import type { ApiRoute } from "../http/api-route.js";
import type { DeclaredRoute } from "../plugins/declared-routes.js";

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };
type Operation = Record<string, unknown>;

const COMPONENTS = "#/components/schemas/";

/** The contract's names of its schemas, for the document's components: GoodsSchema is Goods. */
const CONTRACT_NAMES = new Map<unknown, string>(
  Object.entries(contract)
    .filter(([name, value]) => name.endsWith("Schema") && value instanceof z.ZodType)
    .map(([name, value]) => [value, name.replace(/Schema$/, "")]),
);

const NAMED = new Set(CONTRACT_NAMES.values());

/**
 * What zod reads of a schema while describing an answer: the contract's metadata (its
 * descriptions), and for a schema the contract exports, its name as the `id` that makes it a
 * definition of its own, which the document makes a component (Goods in a page of goods).
 */
class ContractComponents extends z.core.$ZodRegistry<z.core.GlobalMeta> {
  override get(schema: z.core.$ZodType): z.core.GlobalMeta | undefined {
    const meta = z.globalRegistry.get(schema);
    const id = CONTRACT_NAMES.get(schema);
    return id ? { ...meta, id } : meta;
  }
}
const contractComponents = new ContractComponents();

/** What a client sends: defaults may be left out, strings are what a query carries. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return json;
}

/** The path's parameters (`{id}`), by the route's declared params schema. */
function pathParameters(path: string, api: ApiRoute) {
  const declared = api.params ? jsonSchemaOf(api.params).properties : undefined;
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name = ""]) => {
    const schema = declared?.[name];
    if (!schema) throw new Error(`${path} does not declare its path parameter ${name} (params)`);
    const example = api.example?.params?.[name];
    return { name, in: "path", required: true, schema, ...(example !== undefined && { example }) };
  });
}

/** A list in the query is one comma-separated value (`goodsIds=1,2,3`); repeating it works too. */
function queryParameters(schema: z.ZodType, example: Record<string, unknown> = {}) {
  const json = jsonSchemaOf(schema);
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: json.required?.includes(name) ?? false,
    schema: property,
    ...(property.type === "array" && { style: "form", explode: false }),
    ...(example[name] !== undefined && { example: queryValue(example[name]) }),
  }));
}

/** A query example as the URL carries it: a list comma-separated, as `style: form` writes it. */
const queryValue = (value: unknown) => (Array.isArray(value) ? value.join(",") : value);

function requestBody(input: ApiRoute, components: Record<string, JsonSchema>) {
  if (input.upload) {
    const file = { type: "object", properties: { file: { type: "string", format: "binary" } }, required: ["file"] };
    return { required: true, content: { "multipart/form-data": { schema: file } } };
  }
  if (!input.body) return undefined;
  const json = jsonSchemaOf(input.body);
  const name = CONTRACT_NAMES.get(input.body);
  if (name) addComponent(components, name, json);
  const schema = name ? { $ref: `${COMPONENTS}${name}` } : json;
  const example = input.example?.body;
  // A missing body is read as {}: it is refused only when a field is required.
  return {
    required: requiresAField(json),
    content: { "application/json": { schema, ...(example !== undefined && { example }) } },
  };
}

/** Whether {} is refused: a field is required, or each of the body's kinds (oneOf) requires one. */
function requiresAField(json: JsonSchema): boolean {
  if ((json.required?.length ?? 0) > 0) return true;
  const kinds = (json.oneOf ?? json.anyOf) as JsonSchema[] | undefined;
  return kinds !== undefined && kinds.length > 0 && kinds.every(requiresAField);
}

/** A body's schema and an answer's may share a name: only when they are the same schema. */
function addComponent(components: Record<string, JsonSchema>, name: string, json: JsonSchema) {
  const known = components[name];
  if (known && JSON.stringify(known) !== JSON.stringify(json)) {
    throw new Error(`${name} is both a request body and another answer schema: name one of them apart`);
  }
  components[name] = json;
}

/** Each answer schema's description, as JSON: the schemas are the contract's, the same in every app. */
const answerJson = new WeakMap<z.ZodType, string>();

/**
 * The schema of an answer's `data` as the server sends it (zod's output): a reference to its
 * component, and every schema of the contract it holds (Goods, PublicUser, Category) a component
 * too. Only the document reads it: the server neither checks nor serializes its answers with it.
 */
function answerSchema(answer: z.ZodType, components: Record<string, JsonSchema>): JsonSchema {
  let text = answerJson.get(answer);
  if (text === undefined) {
    const {
      $schema: _dialect,
      $defs: definitions = {},
      ...json
    } = z.toJSONSchema(answer, { io: "output", unrepresentable: "any", metadata: contractComponents }) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    // zod names a definition itself only for a schema that refers to itself, which answers do not.
    const unnamed = Object.keys(definitions).filter((name) => !NAMED.has(name));
    if (unnamed.length > 0) throw new Error(`an answer refers to ${unnamed.join(", ")}, not schemas of the contract`);
    text = JSON.stringify({ json, definitions }).replaceAll('"$ref":"#/$defs/', `"$ref":"${COMPONENTS}`);
    answerJson.set(answer, text);
  }
  const { json, definitions } = JSON.parse(text) as { json: JsonSchema; definitions: Record<string, JsonSchema> };
  for (const [name, definition] of Object.entries(definitions)) addComponent(components, name, definition);
  return json;
}

/**
 * HTTP 200: success, `code` 200 with the route's `data`; or a business failure, which answers
 * HTTP 200 too, with its own code (the error table).
 */
function successAnswer(data: JsonSchema, components: Record<string, JsonSchema>) {
  const success = {
    type: "object",
    properties: { code: { const: 200 }, msg: { type: "string" }, data },
    required: ["code", "msg", "data"],
  };
  return {
    description: "`code` 200 with `data`; a business failure answers HTTP 200 too, with its own `code` and `msg`",
    content: {
      [ANSWER_TYPE]: {
        schema: { oneOf: [success, { $ref: "#/components/schemas/Failure" }] },
        example: { code: 200, msg: "成功", data: sampleOf(data, components) },
      },
    },
  };
}

/** What the server's answers say they are, to the byte (JSON is UTF-8 whatever it says). */
const ANSWER_TYPE = "application/json; charset=utf-8";

const ENVELOPE_ANSWER = {
  description: "The envelope: `code` 200 with `data`, or another code with a Chinese `msg` (see the error table)",
  content: { [ANSWER_TYPE]: { schema: { $ref: "#/components/schemas/Envelope" } } },
};

/**
 * The least answer a schema allows: its required properties only, each the first of its kinds
 * (an enum's first value, a list of one), null where null may be. Tools that check an answer by an example (Dredd) then
 * ask for what every answer has, not for what only some have.
 */
function sampleOf(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0): unknown {
  if (depth > 20) throw new Error("an answer schema nests deeper than 20: does it refer to itself?");
  const next = (inner: JsonSchema) => sampleOf(inner, components, depth + 1);
  if (typeof schema.$ref === "string") return next(components[schema.$ref.replace(COMPONENTS, "")] ?? {});
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const kinds = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  // What may be null is null in the least answer: an object there is not what every answer has.
  if (kinds?.some((kind) => kind.type === "null")) return null;
  if (Array.isArray(schema.type) && schema.type.includes("null")) return null;
  if (kinds?.[0]) return next(kinds[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object" || schema.properties) {
    const required = new Set(schema.required ?? []);
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([name]) => required.has(name))
        .map(([name, property]) => [name, next(property)]),
    );
  }
  if (type === "array") return schema.items ? [next(schema.items as JsonSchema)] : [];
  return { string: "", integer: 0, number: 0, boolean: false, null: null }[String(type)] ?? null;
}

/** The codes of the errors answered with HTTP 200 (business failures), as the catalogue has them. */
const BUSINESS_FAILURE_CODES = Object.values(Errors)
  .filter((spec) => spec.status === 200)
  .map((spec) => spec.code);

/** The HTTP refusals an operation documents, each the envelope with its status as the code. */
const REFUSALS = [400, 401, 403, 404, 413, 415, 429, 500, 503] as const;
type Refusal = (typeof REFUSALS)[number];

/**
 * Which refusals an operation can give: 400 for input it reads, 401 for any (a stale token is
 * refused on a public route too), 403 for one that needs a session, 404 for any (an id in its path
 * or its body names nothing), 413 and 415 for a body, 429, 500 and 503 for any.
 */
function refusalsOf(input: ApiRoute, hasParameters: boolean, hasBody: boolean): Refusal[] {
  return REFUSALS.filter((status) => {
    if (status === 400) return hasParameters || hasBody;
    if (status === 403) return input.access !== "public";
    if (status === 413 || status === 415) return hasBody;
    return true;
  });
}

/** The answer of one refusal, shared by the operations in the document's components. */
function refusalAnswer(status: Refusal) {
  const errors = Object.entries(Errors).filter(([, spec]) => spec.status === status);
  const codes = errors.map(([name, spec]) => `${name} (${spec.msg})`).join("; ");
  return {
    description: `HTTP ${status}, the envelope with \`code\` ${status}: ${codes}`,
    content: {
      [ANSWER_TYPE]: {
        schema: {
          type: "object",
          properties: { code: { const: status }, msg: { type: "string" }, data: {} },
          required: ["code", "msg", "data"],
        },
        example: { code: status, msg: errors[0]?.[1].msg ?? "", data: null },
      },
    },
  };
}

function operationOf(method: string, path: string, input: ApiRoute, components: Record<string, JsonSchema>) {
  const body = requestBody(input, components);
  const data = input.answer ? answerSchema(input.answer, components) : { type: "null" };
  const query = input.query ? queryParameters(input.query, input.example?.query) : [];
  const parameters = [...pathParameters(path, input), ...query];
  const refusals = refusalsOf(input, parameters.length > 0, body !== undefined);
  const operation: Operation = {
    operationId: `${method.toLowerCase()}${path.replace(/\{(\w+)\}/g, "By-$1").replace(/[^A-Za-z0-9]+(.)?/g, (_, c = "") => c.toUpperCase())}`,
    summary: input.summary,
    tags: [input.tag],
    parameters,
    ...(body && { requestBody: body }),
    security: input.access === "public" ? [{}, { bearer: [] }] : [{ bearer: [] }],
    ...(input.access === "moderator" && { description: "Moderators only: anyone else signed in gets 403." }),
    ...(input.example?.as && { "x-demo-user": input.example.as }),
    responses: {
      "200": successAnswer(data, components),
      ...Object.fromEntries(
        refusals.map((status) => [String(status), { $ref: `#/components/responses/Refused${status}` }]),
      ),
      default: ENVELOPE_ANSWER,
    },
  };
  if (input.socketFrames) {
    const name = CONTRACT_NAMES.get(input.socketFrames) ?? "ClientFrame";
    addComponent(components, name, jsonSchemaOf(input.socketFrames));
    operation.description = `A WebSocket (\`Upgrade: websocket\`). The session token goes in the query, as browsers cannot set headers on a socket. Frames the client sends: \`#/components/schemas/${name}\`; what the server sends is the contract's ServerFrame (packages/contract/src/chat.ts).`;
    operation.parameters = [
      { name: "token", in: "query", required: true, schema: { type: "string" }, example: "the token sign-in answered" },
    ];
    operation.security = [];
    operation.responses = { "101": { description: "Switching to the WebSocket protocol" } };
  }
  return operation;
}

function errorTable(): string {
  const rows = Object.entries(Errors).map(
    ([name, spec]) => `| ${spec.code} | ${spec.status} | ${name} | ${spec.msg} |`,
  );
  return ["| code | HTTP | name | msg |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

/** Fastify's path ("/api/goods/info/:id") as OpenAPI writes it ("/api/goods/info/{id}"). */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

/**
 * Paths the product spec writes with a trailing slash (`POST /goods/`, `GET /fav/`): the server
 * answers both forms (ignoreTrailingSlash), and the document has both, the spec's as an alias.
 */
export const SPEC_SLASHED_PATHS = new Set(["/api/goods", "/api/goodscomment", "/api/fav"]);

/**
 * The OpenAPI 3.1 document of the API, built once at start from the registered routes'
 * declarations (their contract zod schemas: input, and the answer's `data`; and access).
 */
export function buildApiDocument(routes: readonly DeclaredRoute[]) {
  const components: Record<string, JsonSchema> = {
    Envelope: {
      type: "object",
      properties: { code: { type: "integer" }, msg: { type: "string" }, data: {} },
      required: ["code", "msg", "data"],
    },
    // The business failures' codes, each by name: a typed client tells a failure from success by `code`.
    Failure: {
      type: "object",
      properties: { code: { enum: BUSINESS_FAILURE_CODES }, msg: { type: "string" }, data: {} },
      required: ["code", "msg", "data"],
    },
  };
  const paths: Record<string, Record<string, Operation>> = {};
  for (const { method, url, api } of routes) {
    const path = openApiPath(url);
    paths[path] ??= {};
    const operation = operationOf(method, path, api, components);
    paths[path][method.toLowerCase()] = operation;
    if (SPEC_SLASHED_PATHS.has(path)) {
      const alias = { ...operation, operationId: `${operation.operationId}AsTheSpecWritesIt` };
      paths[`${path}/`] = { ...paths[`${path}/`], [method.toLowerCase()]: alias };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "闲置 Xianzhi API",
      version: "1",
      description: `Every answer is the envelope \`{ code, msg, data }\`; \`code\` 200 is success. Business failures answer HTTP 200 with their own code; protocol failures use the HTTP status as the code. Sign in (\`POST /api/user/login/username\`) and send its \`token\` as \`Authorization: Bearer <token>\`. Each operation's examples make a call that succeeds on a fresh \`npm start\` (its demo data); \`x-demo-user\` names the demo account that makes it (password \`${DEMO_PASSWORD}\`).\n\n${errorTable()}`,
    },
    paths,
    components: {
      schemas: components,
      responses: Object.fromEntries(REFUSALS.map((status) => [`Refused${status}`, refusalAnswer(status)])),
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "The session token from sign-in" } },
    },
  };
}

export type ApiDocument = ReturnType<typeof buildApiDocument>;
