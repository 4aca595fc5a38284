import { useFavoriteMarks } from "../favorites/ui";
import { useFollowingGoodsQuery } from "./goods-api";
import { GoodsGrid } from "./goods-grid";
import { FEED_PAGE_SIZE } from "./screen-queries";

/** The home's 关注 tab: what the sellers the user follows have on sale, newest first. */
export function FollowingFeed({ page, onPage }: { page: number; onPage(page: number): void }) {
  const { data, isFetching } = useFollowingGoodsQuery({ page, pageSize: FEED_PAGE_SIZE });
  const favoriteMarks = useFavoriteMarks(data?.list);
  return (
    <GoodsGrid
      page={data}
      loading={isFetching}
      empty="还没有关注的卖家在售的闲置。在卖家主页点「关注」，他们的新闲置会出现在这里"
      onPage={onPage}
      {...favoriteMarks}
    />
  );
}
