import type { Category, Condition, Goods, GoodsModeration, GoodsStatus, Picture } from "@xianzhi/contract";
import { toPicture } from "../pictures/index.js";
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
    ...(row.visibility !== "public" && {
      moderation: {
        visibility: row.visibility as GoodsModeration["visibility"],
        reason: row.moderationReason ?? "",
      },
    }),
  };
}

/** The pictures as read with the goods, "position:id:fileId,…", in their order: by position, then id. */
function picturesOf(list: string | null): Picture[] {
  if (!list) return [];
  return list
    .split(",")
    .map((entry) => {
      const [position, id, fileId] = entry.split(":");
      return { position: Number(position), id: Number(id), fileId: fileId as string };
    })
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map(toPicture);
}

export function toGoodsList(rows: GoodsWithSellerRow[]): Goods[] {
  return rows.map((row) => toGoods(row, picturesOf(row.pictureList)));
}
