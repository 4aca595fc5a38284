import { useState } from "react";
import { GoodsGrid } from "../goods/ui";
import { useFavoriteHearts } from "./favorite-heart";
import { useFavoritesQuery } from "./favorites-api";

/** The signed-in user's favourites, 20 a page. */
export function FavoriteList() {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useFavoritesQuery({ page, pageSize: 20 });
  const hearts = useFavoriteHearts(data?.list);
  return (
    <GoodsGrid
      page={data}
      loading={isFetching}
      empty="还没有收藏，看到喜欢的就点个收藏吧"
      onPage={setPage}
      cardAction={hearts}
    />
  );
}
