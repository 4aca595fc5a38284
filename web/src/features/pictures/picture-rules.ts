import { GoodsLimits, UploadLimits } from "@xianzhi/contract/constants";

const maxMegabytes = UploadLimits.maxBytes / 1024 / 1024;
const typeNames = UploadLimits.types.map((type) => type.replace("image/", "").toUpperCase()).join("、");

/** What the post form says about pictures, built from the limits the server checks. */
export const PICTURE_HINT = `最多 ${GoodsLimits.picturesMax} 张，第一张是封面，拖动或点 ⋯ 调整顺序；${typeNames} 格式，单张不超过 ${maxMegabytes} MB`;

/**
 * Why a picked file cannot be a goods picture, checked before it is sent (the server checks again);
 * `alreadyThere` counts the pictures and the uploads under way.
 */
export function pictureRejection(file: Pick<File, "type" | "size">, alreadyThere: number): string | null {
  if (alreadyThere >= GoodsLimits.picturesMax) return `最多 ${GoodsLimits.picturesMax} 张图片`;
  if (!(UploadLimits.types as readonly string[]).includes(file.type)) return `只支持 ${typeNames} 图片`;
  if (file.size > UploadLimits.maxBytes) return `超过 ${maxMegabytes} MB`;
  return null;
}
