import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { call } from "./test-app.js";

/** A multipart/form-data body with one file, as a browser's form would send it. */
export function multipart(data: Buffer, filename: string, contentType: string, field = "file") {
  const boundary = `----xianzhi${randomBytes(8).toString("hex")}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

export function testJpeg(width = 640, height = 480, color = "#3a6ea5"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

export async function upload(app: FastifyInstance, token: string, data?: Buffer, filename = "photo.jpg") {
  return call(app, "POST", "/api/com/upload", {
    token,
    ...multipart(data ?? (await testJpeg()), filename, "image/jpeg"),
  });
}

export async function uploadFileId(app: FastifyInstance, token: string, data?: Buffer): Promise<string> {
  const reply = await upload(app, token, data);
  if (reply.code !== 200) throw new Error(`upload failed: ${reply.msg}`);
  return reply.data.fileId;
}

export const goodsFields = {
  title: "九成新自行车",
  description: "通勤用了一年，刹车灵敏",
  priceCents: 50000,
  category: "sports",
  condition: "good",
  location: "上海",
};

export async function postGoods(app: FastifyInstance, token: string, fields: Record<string, unknown> = {}) {
  const reply = await call(app, "POST", "/api/goods", { token, body: { ...goodsFields, ...fields } });
  if (reply.code !== 200) throw new Error(`posting goods failed: ${reply.msg}`);
  return reply.data as { id: string; [key: string]: unknown };
}
