import fastifyMultipart from "@fastify/multipart";
import { UploadedFileSchema, UploadLimits } from "@xianzhi/contract";
import type { FastifyRequest } from "fastify";
import { appError } from "../../errors.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { serviceDeps } from "../../services.js";
import { receiveUpload } from "./picture-service.js";

const route = apiRoutes("pictures");

async function uploadedFile(req: FastifyRequest) {
  if (!req.isMultipart()) throw appError("UNSUPPORTED_MEDIA_TYPE", "请以 multipart/form-data 上传图片");
  const part = await req.file({ limits: { fileSize: UploadLimits.maxBytes, files: 1, fields: 5 } });
  if (part?.fieldname !== "file") throw appError("NO_FILE");
  return part.file;
}

export const pictureRoutes: ApiRoutes = async (app) => {
  // Only the upload takes multipart bodies: the plugin's hooks run on these routes alone.
  await app.register(fastifyMultipart);

  app.post(
    "/com/upload",
    route.user(
      { summary: "Upload a picture: its file id", answer: UploadedFileSchema, upload: true, example: { as: "alice" } },
      { preValidation: app.rateLimits.uploadPerUser },
    ),
    async (req) =>
      ok(await receiveUpload(serviceDeps(app, req), userOf(req).userId, await uploadedFile(req)), "上传成功"),
  );
};
