import fs from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { storedNameOf } from "./picture-files.js";
import { DiskPictureStore, type PictureStore } from "./picture-store.js";

/** How long a browser may keep following /files/ to the bucket without asking again. */
const REDIRECT_CACHE = "public, max-age=86400";

/**
 * /files/<name>: the pictures themselves from a folder on disk, cached for good since their random
 * names never change bytes. With a bucket the store serves them from its own address; /files/
 * then leads there, for the addresses saved as /files/ (avatars, chat pictures, links from before
 * the move to the bucket).
 */
export async function servePictureFiles(app: FastifyInstance, store: PictureStore): Promise<void> {
  if (store instanceof DiskPictureStore) {
    fs.mkdirSync(store.folder, { recursive: true });
    await app.register(fastifyStatic, {
      root: store.folder,
      prefix: "/files/",
      decorateReply: false,
      index: false,
      allowedPath: (pathName) => pathName.endsWith(".webp"),
      setHeaders(res) {
        res.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
    return;
  }
  app.get<{ Params: { name: string } }>("/files/:name", (req, reply) => {
    if (storedNameOf(req.params.name)?.kind !== "picture") {
      return reply.status(404).type("text/plain; charset=utf-8").send("404 Not Found");
    }
    return reply.header("cache-control", REDIRECT_CACHE).redirect(store.urlOf(req.params.name), 302);
  });
}
