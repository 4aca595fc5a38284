import type { DbOrTx } from "../../db/database.js";
import { pictureUrls } from "./picture-files.js";
import { picturesOfGoods } from "./picture-repository.js";

/** The thumbnail of each goods' first picture, by goods id; goods without pictures are absent. */
export async function coverThumbUrls(db: DbOrTx, goodsIds: number[]): Promise<Map<number, string>> {
  const covers = new Map<number, string>();
  for (const picture of await picturesOfGoods(db, goodsIds)) {
    const goodsId = picture.goodsId as number;
    if (!covers.has(goodsId)) covers.set(goodsId, pictureUrls(picture.fileId).thumbUrl);
  }
  return covers;
}
