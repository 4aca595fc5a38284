import type { Category, Condition, Goods, GoodsStatus, Picture } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { picturesOfGoods } from "../pictures/picture-repository.js";
import { toPicture } from "../pictures/picture-service.js";
import type { GoodsWithSellerRow } from "./goods-repository.js";

export function toGoods(row: GoodsWithSellerRow, pictures: Picture[]): Goods {
  return {
    id: String(row.id),
    title: row.title,
    description: row.description,
    priceCents: row.priceCents,
    originalPriceCents: row.originalPriceCents,
    category: row.category as Category,
    condition: row.condition as Condition,
    location: row.location,
    status: row.status as GoodsStatus,
    pictures,
    coverUrl: pictures[0]?.thumbUrl ?? null,
    seller: {
      id: String(row.sellerId),
      username: row.sellerUsername,
      nickname: row.sellerNickname,
      avatarUrl: row.sellerAvatarUrl,
    },
    viewCount: row.viewCount,
    favCount: row.favCount,
    commentCount: row.commentCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Maps a page of rows, fetching all their pictures in one query. */
export async function toGoodsList(db: DbOrTx, rows: GoodsWithSellerRow[]): Promise<Goods[]> {
  const pictures = await picturesOfGoods(
    db,
    rows.map((row) => row.id),
  );
  const byGoods = new Map<number, Picture[]>();
  for (const picture of pictures) {
    const list = byGoods.get(picture.goodsId as number) ?? [];
    list.push(toPicture(picture));
    byGoods.set(picture.goodsId as number, list);
  }
  return rows.map((row) => toGoods(row, byGoods.get(row.id) ?? []));
}
