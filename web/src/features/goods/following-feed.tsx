import { useFavoriteMarks } from "../favorites/ui";
import { useFollowingFeedInfiniteQuery, useFollowingGoodsQuery } from "./goods-api";
import { GoodsGrid } from "./goods-grid";
import { FEED_PAGE_SIZE } from "./screen-queries";
import { ScrollingGoodsGrid } from "./scrolling-goods-grid";
import { usePhoneLayout } from "./use-phone-layout";

const EMPTY = "还没有关注的卖家在售的闲置。在卖家主页点「关注」，他们的新闲置会出现在这里";

function PagedFollowingGoods({ page, onPage }: { page: number; onPage(page: number): void }) {
  const { data, isFetching } = useFollowingGoodsQuery({ page, pageSize: FEED_PAGE_SIZE });
  const favoriteMarks = useFavoriteMarks(data?.list);
  return <GoodsGrid page={data} loading={isFetching} empty={EMPTY} onPage={onPage} {...favoriteMarks} />;
}

function ScrolledFollowingGoods() {
  return <ScrollingGoodsGrid feed={useFollowingFeedInfiniteQuery(FEED_PAGE_SIZE)} empty={EMPTY} />;
}

/**
 * The home's 关注 tab: what the sellers the user follows have on sale, newest first; scrolled on a
 * phone, paged on a wide screen.
 */
export function FollowingFeed({ page, onPage }: { page: number; onPage(page: number): void }) {
  return usePhoneLayout() ? <ScrolledFollowingGoods /> : <PagedFollowingGoods page={page} onPage={onPage} />;
}
