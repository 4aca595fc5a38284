import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { Errors } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built web app next to the API: hashed assets cached for a year, index.html never,
 * and every client route answered with index.html so the app's router decides (its 404 screen
 * included). Unknown /api paths get the 404 envelope instead, missing pictures a plain 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | null, uploads: string): Promise<void> {
  // Picture files never change under their random names, so they are cached for good.
  fs.mkdirSync(uploads, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploads,
    prefix: "/files/",
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => pathName.endsWith(".webp"),
    setHeaders(res) {
      res.header("cache-control", "public, max-age=31536000, immutable");
    },
  });

  const hasApp = webDist !== null && fs.existsSync(path.join(webDist, "index.html"));
  if (webDist !== null && !hasApp) app.log.warn({ webDist }, "no built web app found: serving the API only");
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ["index.html"],
      // The build writes .br and .gz copies of each text file; they are sent as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  // Answers through reply and returns nothing: a returned reply is awaited as a promise.
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split("?")[0] ?? "";
    if (pathname === "/api" || pathname.startsWith("/api/")) {
      const { status, code, msg } = Errors.API_NOT_FOUND;
      reply.status(status).send({ code, msg, data: null });
    } else if (hasApp && !pathname.startsWith("/files/") && (req.method === "GET" || req.method === "HEAD")) {
      reply.header("cache-control", "no-cache").sendFile("index.html");
    } else {
      reply.status(404).type("text/plain; charset=utf-8").send("404 Not Found");
    }
  });
}
