import type { RouteOptions } from "fastify";

type HookName = "onRequest" | "preValidation" | "preHandler" | "onResponse";

/** Adds a hook to one route only, for work that only some routes need. */
export function addRouteHook(route: RouteOptions, name: HookName, hook: (...args: never[]) => unknown): void {
  const hooks = route[name] as unknown;
  route[name] = (Array.isArray(hooks) ? [...hooks, hook] : hooks ? [hooks, hook] : [hook]) as never;
}

/** GET and HEAD only: requests that have no body and change nothing. */
export function readsOnly(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.every((method) => method === "GET" || method === "HEAD");
}
