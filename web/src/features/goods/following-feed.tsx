import type { UseCardMarks } from "./card-marks";
import { useFollowingFeedInfiniteQuery, useFollowingGoodsQuery } from "./goods-api";
import { GoodsGrid } from "./goods-grid";
import { FEED_PAGE_SIZE } from "./screen-queries";
import { ScrollingGoodsGrid } from "./scrolling-goods-grid";
import { usePhoneLayout } from "./use-phone-layout";

const EMPTY = "还没有关注的卖家在售的闲置。在卖家主页点「关注」，他们的新闲置会出现在这里";

interface FollowingFeedProps {
  page: number;
  onPage(page: number): void;
  useMarks: UseCardMarks;
}

function PagedFollowingGoods({ page, onPage, useMarks }: FollowingFeedProps) {
  const { data, isFetching } = useFollowingGoodsQuery({ page, pageSize: FEED_PAGE_SIZE });
  const marks = useMarks(data?.list);
  return <GoodsGrid page={data} loading={isFetching} empty={EMPTY} onPage={onPage} {...marks} />;
}

function ScrolledFollowingGoods({ useMarks }: { useMarks: UseCardMarks }) {
  return <ScrollingGoodsGrid feed={useFollowingFeedInfiniteQuery(FEED_PAGE_SIZE)} empty={EMPTY} useMarks={useMarks} />;
}

/**
 * The home's 关注 tab: what the sellers the user follows have on sale, newest first; scrolled on a
 * phone, paged on a wide screen.
 */
export function FollowingFeed({ page, onPage, useMarks }: FollowingFeedProps) {
  return usePhoneLayout() ? (
    <ScrolledFollowingGoods useMarks={useMarks} />
  ) : (
    <PagedFollowingGoods page={page} onPage={onPage} useMarks={useMarks} />
  );
}
