import fastifyMultipart from "@fastify/multipart";
import { AddPictureBodySchema, UploadLimits } from "@xianzhi/contract";
import type { FastifyRequest } from "fastify";
import { appError } from "../../errors.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { requireOwnGoods } from "../goods/index.js";
import { appendGoodsPicture, receiveUpload } from "./picture-service.js";

const route = apiRoutes("pictures");

async function uploadedFile(req: FastifyRequest) {
  if (!req.isMultipart()) throw appError("UNSUPPORTED_MEDIA_TYPE", "请以 multipart/form-data 上传图片");
  const part = await req.file({ limits: { fileSize: UploadLimits.maxBytes, files: 1, fields: 5 } });
  if (part?.fieldname !== "file") throw appError("NO_FILE");
  return part.file;
}

export const pictureRoutes: ApiRoutes = async (app) => {
  const { db } = app;
  // Only the upload takes multipart bodies: the plugin's hooks run on these routes alone.
  await app.register(fastifyMultipart);

  app.post(
    "/com/upload",
    route.user(
      { summary: "Upload a picture: its file id", answer: "UploadedFile", upload: true },
      { preValidation: app.rateLimits.uploadPerUser },
    ),
    async (req) =>
      ok(await receiveUpload(db, app.pictureFiles, userOf(req).userId, await uploadedFile(req)), "上传成功"),
  );

  app.post(
    "/pic/add",
    route.user(
      { summary: "Add an uploaded picture to own goods", answer: "Picture", body: AddPictureBodySchema },
      { preValidation: app.rateLimits.goodsEditPerUser },
    ),
    async (req) => {
      const me = userOf(req);
      const { body } = req;
      const picture = await db.transaction().execute(async (tx) => {
        await requireOwnGoods(tx, me.userId, Number(body.goodsId));
        return appendGoodsPicture(tx, me.userId, Number(body.goodsId), body.fileId);
      });
      return ok(picture);
    },
  );
};
