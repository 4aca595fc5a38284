import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { buildApiDocument } from "../openapi/api-document.js";

/**
 * The API's OpenAPI document at /api/openapi.json, and Swagger UI to read and try it at /api/docs.
 * The document is built once, as the app starts, from the registered routes' declarations.
 * Swagger UI's files are scripts and styles of this origin, so the app's Content-Security-Policy
 * holds; its validator badge, which would send the document to validator.swagger.io, is off.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  // Filled once every route is registered, when the app starts: Swagger UI and the handler below
  // hold this object.
  const document = {} as ReturnType<typeof buildApiDocument>;
  app.addHook("onReady", async () => {
    Object.assign(document, buildApiDocument(app.apiRoutes));
  });
  await app.register(fastifySwagger, { mode: "static", specification: { document: document as never } });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    uiConfig: { validatorUrl: null, deepLinking: true },
  });
  // Not an API call: hidden from the route table that the authorization and fuzz tests walk.
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => document);
}
