import type { FastifyContextConfig, FastifyPluginAsync, RawServerDefault, RouteShorthandOptions } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { DemoUsername } from "../demo/demo-ids.js";

/** A feature's routes: their handlers get the declared schemas' output as params, query and body. */
export type ApiRoutes = FastifyPluginAsync<Record<never, never>, RawServerDefault, ZodTypeProvider>;

/**
 * Who may call a route; `plugins/route-access.ts` enforces it before the input is read.
 *   public     anyone; a token is optional
 *   signed-in  401 without a valid bearer token
 *   moderator  that, and 403 for a user who is not a moderator
 */
export type Access = "public" | "signed-in" | "moderator";

/** What an /api route takes, who may call it and what it answers: declared once, on the route. */
export interface ApiRoute {
  access: Access;
  /** Groups the route in the OpenAPI document. */
  tag: string;
  summary: string;
  /**
   * What `data` holds in a 200 answer: a zod schema the contract exports (packages/contract/src; a
   * page or list of one is named in answers.ts), or null for none. The OpenAPI document describes
   * the answer with it, as a component named after the export; the server neither checks nor
   * serializes its answers with it.
   */
  answer: z.ZodType | null;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** multipart/form-data with one file in the field `file`. */
  upload?: true;
  /** A WebSocket: the query's token signs in; the frames are described, not the HTTP exchange. */
  socketFrames?: z.ZodType;
  /**
   * The handler proves the session in the same query as its answer (`requireUserWith`, a read
   * made on every goods page): the access check only asks for a well-formed token.
   */
  sessionInAnswer?: true;
  /**
   * A call that succeeds on a fresh `npm start` (the demo data), as the document's examples: the
   * demo account that makes it (signed-in routes), and its path parameters, query and body.
   */
  example?: RouteExample;
}

/** An example call of a route, by the demo data (`demo/demo-ids.ts`): what the document shows. */
export interface RouteExample {
  as?: DemoUsername;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * A route's example, typed by its own schemas' input: a value of the wrong kind does not compile.
 * A field the schema does not have does (TypeScript infers it into the declaration): the document's
 * test (api-docs.test.ts) refuses it, and parses each example with the route's schemas.
 */
type ExampleOf<D extends Declaration> = {
  as?: DemoUsername;
  params?: D["params"] extends z.ZodType ? z.input<D["params"]> : never;
  query?: D["query"] extends z.ZodType ? z.input<D["query"]> : never;
  body?: D["body"] extends z.ZodType ? z.input<D["body"]> : never;
};

declare module "fastify" {
  interface FastifyContextConfig {
    api?: ApiRoute;
  }
}

type Declaration = Omit<ApiRoute, "access" | "tag" | "example">;

/** What Fastify validates, with the contract's schemas: the handler gets their output, typed. */
interface Schemas<D extends Declaration> {
  params: D["params"];
  querystring: D["query"];
  body: D["body"];
}

type Declared<D extends Declaration, O extends RouteShorthandOptions> = O & {
  config: FastifyContextConfig & { api: ApiRoute };
  schema: Schemas<D>;
};

/**
 * The options of a route that declare it: `app.get(url, goods.pub({ summary, answer, query }), handler)`.
 * Fastify validates params, query and body with the declared schemas (a 400 naming the first bad
 * field) after the access check; `options` adds Fastify's own (hooks, compression).
 */
function declare<D extends Declaration, O extends RouteShorthandOptions>(
  api: ApiRoute & D,
  options: O = {} as O,
): Declared<D, O> {
  const schema: Record<string, z.ZodType> = {};
  if (api.params) schema.params = api.params;
  if (api.query) schema.querystring = api.query;
  if (api.body) schema.body = api.body;
  return { ...options, config: { ...options.config, api }, schema } as Declared<D, O>;
}

/** A declaration and its example, checked against the declaration's schemas. */
type Example<D extends Declaration> = D & { example?: ExampleOf<D> };
/** The same, as the document reads it: the example's types are checked once, where it is written. */
type RouteExampleFree<D extends Declaration> = D & { example?: RouteExample };

/** The declarations of one feature's routes, under its tag in the OpenAPI document. */
export function apiRoutes(tag: string) {
  return {
    pub: <D extends Declaration, O extends RouteShorthandOptions = object>(route: Example<D>, options?: O) =>
      declare<D, O>({ ...(route as RouteExampleFree<D>), tag, access: "public" }, options),
    user: <D extends Declaration, O extends RouteShorthandOptions = object>(route: Example<D>, options?: O) =>
      declare<D, O>({ ...(route as RouteExampleFree<D>), tag, access: "signed-in" }, options),
    moderator: <D extends Declaration, O extends RouteShorthandOptions = object>(route: Example<D>, options?: O) =>
      declare<D, O>({ ...(route as RouteExampleFree<D>), tag, access: "moderator" }, options),
  };
}
