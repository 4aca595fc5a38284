import "@fastify/websocket";
import "@fastify/multipart";
import type { Config } from "./config.js";
import type { Db } from "./db/database.js";
import type { PictureFiles } from "./features/pictures/picture-files.js";
import type { Mailer } from "./plugins/mail.js";
import type { Hub } from "./plugins/realtime.js";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    pictureFiles: PictureFiles;
    hub: Hub;
  }
}
