import { useState } from "react";
import { GoodsGrid } from "../goods/ui";
import { useFavoriteMarks } from "./favorite-heart";
import { useFavoritesQuery } from "./favorites-api";
import { priceDropNote } from "./price-drop-tag";

/** The signed-in user's favourites, 20 a page, each with how much cheaper it is than when kept. */
export function FavoriteList() {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useFavoritesQuery({ page, pageSize: 20 });
  const { cardAction } = useFavoriteMarks(data?.list);
  const drops = new Map(data?.list.map((goods) => [goods.id, goods.priceDropCents]));
  return (
    <GoodsGrid
      page={data}
      loading={isFetching}
      empty="还没有收藏，看到喜欢的就点个收藏吧"
      onPage={setPage}
      cardAction={cardAction}
      cardPriceNote={(goods) => priceDropNote(drops.get(goods.id))}
    />
  );
}
