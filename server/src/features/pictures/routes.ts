import fastifyMultipart from "@fastify/multipart";
import { AddPictureBodySchema, UploadLimits } from "@xianzhi/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { appError } from "../../errors.js";
import { ok, parseInput } from "../../http/envelope.js";
import { requireUser } from "../../plugins/auth.js";
import { requireOwnGoods } from "../goods/index.js";
import { appendGoodsPicture, receiveUpload } from "./picture-service.js";

async function uploadedFile(req: FastifyRequest) {
  if (!req.isMultipart()) throw appError("UNSUPPORTED_MEDIA_TYPE", "请以 multipart/form-data 上传图片");
  const part = await req.file({ limits: { fileSize: UploadLimits.maxBytes, files: 1, fields: 5 } });
  if (part?.fieldname !== "file") throw appError("NO_FILE");
  return part.file;
}

export async function pictureRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  // Only the upload takes multipart bodies: the plugin's hooks run on these routes alone.
  await app.register(fastifyMultipart);

  app.post("/com/upload", { preHandler: app.rateLimits.uploadPerUser }, async (req) => {
    const me = await requireUser(req);
    return ok(await receiveUpload(db, app.pictureFiles, me.userId, await uploadedFile(req)), "上传成功");
  });

  app.post("/pic/add", { preHandler: app.rateLimits.goodsEditPerUser }, async (req) => {
    const me = await requireUser(req);
    const body = parseInput(AddPictureBodySchema, req.body);
    const picture = await db.transaction().execute(async (tx) => {
      await requireOwnGoods(tx, me.userId, Number(body.goodsId));
      return appendGoodsPicture(tx, me.userId, Number(body.goodsId), body.fileId);
    });
    return ok(picture);
  });
}
