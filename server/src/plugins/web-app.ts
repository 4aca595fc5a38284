import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { Errors, SIGNED_IN_HINT_COOKIE } from "@xianzhi/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { WebDocuments } from "./first-screen.js";

/**
 * Serves the built web app next to the API: hashed assets cached for a year, documents never,
 * and every client route answered with the app's document so the app's router decides (its 404
 * screen included); the goods screens' documents carry the screen itself (see WebDocuments). Unknown /api paths get the 404 envelope instead, missing pictures (/files/, served by the pictures feature) a plain 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | null): Promise<void> {
  const hasApp = webDist !== null && fs.existsSync(path.join(webDist, "index.html"));
  if (webDist !== null && !hasApp) app.log.warn({ webDist }, "no built web app found: serving the API only");
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      // "/" is a client route like the others: its document is made below.
      index: false,
      // The build writes .br and .gz copies of each text file; they are sent as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  const documents = hasApp ? await WebDocuments.load(app, webDist) : null;
  const sendDocument = (req: FastifyRequest, reply: FastifyReply) => {
    void documents
      ?.document(req.url, holdsSignedInHint(req))
      .then((html) => reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(html));
  };
  // The static files' route would take "/" for their folder.
  if (documents) app.get("/", sendDocument);

  // Answers through reply and returns nothing: a returned reply is awaited as a promise.
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split("?")[0] ?? "";
    if (pathname === "/api" || pathname.startsWith("/api/")) {
      const { status, code, msg } = Errors.API_NOT_FOUND;
      reply.status(status).send({ code, msg, data: null });
    } else if (documents && !servedByServer(pathname) && (req.method === "GET" || req.method === "HEAD")) {
      sendDocument(req, reply);
    } else {
      reply.status(404).type("text/plain; charset=utf-8").send("404 Not Found");
    }
  });
}

/** Paths of the server's own that are never a screen: missing pictures, /metrics when it is off. */
function servedByServer(pathname: string): boolean {
  return pathname.startsWith("/files/") || pathname === "/metrics";
}

const SIGNED_IN_HINT = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)`);

/** Whether the browser says it holds a token (the web app's hint cookie; see the contract). */
function holdsSignedInHint(req: FastifyRequest): boolean {
  const cookies = req.headers.cookie;
  return cookies !== undefined && SIGNED_IN_HINT.test(cookies);
}
