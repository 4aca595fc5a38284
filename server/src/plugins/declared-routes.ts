import { GoodsIdParamsSchema, IdParamsSchema, isId } from "@xianzhi/contract";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import type { z } from "zod";
import { requireModerator } from "../features/moderation/index.js";
import type { Access, ApiRoute } from "../http/api-route.js";
import { checkInput } from "../http/envelope.js";
import { addRouteHook } from "../http/route-hooks.js";
import { requireToken, requireUser } from "./auth.js";

/** An /api route as registered, with its declaration: the OpenAPI document and the tests read these. */
export interface DeclaredRoute {
  method: string;
  /** Fastify's path: "/api/goods/info/:id". */
  url: string;
  /** "GET /api/goods/info/:id", the key route tables use. */
  key: string;
  api: ApiRoute;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route, in the order they were registered. */
    apiRoutes: readonly DeclaredRoute[];
  }
}

type AccessCheck = (req: FastifyRequest) => Promise<void>;

/** The one check of each access level, run before the route's input is read: 401 before 400. */
const ACCESS_CHECKS: Record<Exclude<Access, "public">, AccessCheck> = {
  "signed-in": async (req) => {
    await requireUser(req);
  },
  moderator: async (req) => {
    await requireModerator(req);
  },
};

/**
 * The handler proves the session with its answer (`sessionInAnswer`): here only the token is asked
 * for, unless the input is about to be refused, when who asks is proven first, as on every route.
 */
function tokenCheckOf(api: ApiRoute): AccessCheck {
  const parts = [
    [api.params, (req: FastifyRequest) => req.params],
    [api.query, (req: FastifyRequest) => req.query],
    [api.body, (req: FastifyRequest) => req.body],
  ] as const;
  const checks = parts.flatMap(([schema, of]) => (schema ? [{ validate: validatorOf(schema), of }] : []));
  return async (req) => {
    requireToken(req);
    if (checks.some(({ validate, of }) => validate(of(req)).error)) await requireUser(req);
  };
}

function accessCheckOf(api: ApiRoute): AccessCheck | undefined {
  // The chat socket signs in with its query's token and closes 4401 itself: browsers cannot set
  // headers on a WebSocket.
  if (api.access === "public" || api.socketFrames) return undefined;
  return api.sessionInAnswer ? tokenCheckOf(api) : ACCESS_CHECKS[api.access];
}

/** Path parameters that are row ids, checked without running zod: nearly every request's are valid. */
const ID_PARAMS = new Map<z.ZodType, string>([
  [IdParamsSchema, "id"],
  [GoodsIdParamsSchema, "goodsId"],
]);

/** A declared schema as Fastify's validator: the contract's Chinese 400 names the first bad field. */
function validatorOf(schema: z.ZodType): (data: unknown) => ReturnType<typeof checkInput> {
  const idName = ID_PARAMS.get(schema);
  if (idName) {
    return (data: unknown) =>
      isId((data as Record<string, unknown> | null)?.[idName]) ? { value: data } : checkInput(schema, data);
  }
  return (data: unknown) => checkInput(schema, data);
}

/**
 * Routes under /api are declared (http/api-route.ts): one that is not cannot be registered. Each
 * gets its access check and its input validation from its declaration, and lands in
 * `app.apiRoutes`. Registered before the features' routes.
 */
export function registerDeclaredRoutes(app: FastifyInstance): void {
  const routes: DeclaredRoute[] = [];
  app.decorate("apiRoutes", routes);
  app.setValidatorCompiler(({ schema }) => validatorOf(schema as z.ZodType));
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!route.url.startsWith("/api/")) return;
    const api = route.config?.api;
    if (!api) {
      // Hidden routes are not API calls: the OpenAPI document and the Swagger UI pages. (The chat
      // socket is hidden too, by @fastify/websocket, but declared.)
      if (route.schema?.hide) return;
      throw new Error(`${route.method} ${route.url} is not declared: see server/src/http/api-route.ts`);
    }
    const check = accessCheckOf(api);
    if (check) addRouteHook(route, "preValidation", check);
    for (const method of [route.method].flat()) {
      // HEAD routes are Fastify's copies of GETs.
      if (method !== "HEAD") routes.push({ method, url: route.url, key: `${method} ${route.url}`, api });
    }
  });
}
