import type { Goods } from "@xianzhi/contract";
import type { CursorPage } from "@xianzhi/contract/constants";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Empty } from "../../components/empty";
import { LoadingOutlined } from "../../components/icons";
import { PlainButton } from "../../components/plain-controls";
import type { UseCardMarks } from "./card-marks";
import styles from "./feed.module.css";
import { GoodsCard } from "./goods-card";
import { FIRST_SCREENFUL, GoodsGridSkeleton } from "./goods-grid";
import { loadedGoodsPages } from "./scrolled-pages";

/** What the grid reads of an RTK Query infinite query of goods pages. */
export interface ScrolledFeed {
  data?: { pages: CursorPage<Goods>[]; pageParams: string[] };
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): unknown;
  refetch(): unknown;
}

/** How far below the screen the end of the list starts the next page: it is there before the thumb. */
const AHEAD_PX = 800;

/** One page's cards, with the hearts and price drops of that page (asked per page, as the server takes 100 ids). */
function PageCards({ goods, first, useMarks }: { goods: Goods[]; first: boolean; useMarks: UseCardMarks }) {
  const { cardAction, cardPriceNote } = useMarks(goods);
  return goods.map((item, index) => (
    <GoodsCard
      key={item.id}
      goods={item}
      action={cardAction(item)}
      priceNote={cardPriceNote(item)}
      eager={first && index < FIRST_SCREENFUL}
    />
  ));
}

/** Whether the element is on the screen or within `AHEAD_PX` below it, now. */
function isNear(element: HTMLElement | null): boolean {
  return element !== null && element.getBoundingClientRect().top < window.innerHeight + AHEAD_PX;
}

/**
 * The end of the list: it asks for the next page as it nears the screen (and again after each page
 * while it is still near), says 加载中 meanwhile, 没有更多了 at the end, and offers 重试 when a page
 * failed.
 */
function FeedEnd({ feed, loadedPages }: { feed: ScrolledFeed; loadedPages: number }) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  const end = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = end.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setNear(Boolean(entry?.isIntersecting)), {
      rootMargin: `0px 0px ${AHEAD_PX}px 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const canLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  useEffect(() => {
    // `near` is the observer's last word; the page just added may have pushed the end away since.
    if (near && canLoad && loadedPages > 0 && isNear(end.current)) fetchNextPage();
  }, [near, canLoad, loadedPages, fetchNextPage]);

  return (
    <div className={styles.feedEnd} ref={end}>
      <p className={styles.feedEndStatus} role="status" aria-live="polite">
        {isFetchNextPageError ? (
          "加载失败"
        ) : isFetchingNextPage ? (
          <>
            <LoadingOutlined /> 加载中
          </>
        ) : hasNextPage ? null : (
          "没有更多了"
        )}
      </p>
      {isFetchNextPageError && (
        <PlainButton className={styles.feedEndRetry} onClick={() => fetchNextPage()}>
          重试
        </PlainButton>
      )}
    </div>
  );
}

/**
 * The goods of a feed scrolled on a phone: each page loaded so far, the next asked for as the end
 * nears, each goods once. A failed first page offers 重试 in place of the grid.
 */
export function ScrollingGoodsGrid({
  feed,
  empty,
  useMarks,
}: {
  feed: ScrolledFeed;
  empty: ReactNode;
  /** Each page's hearts and price drops (favourites', from the screen). */
  useMarks: UseCardMarks;
}) {
  const pages = loadedGoodsPages(feed.data?.pages);
  if (!feed.data) {
    if (!feed.isError) return <GoodsGridSkeleton />;
    return (
      <div className={styles.feedEnd}>
        <p className={styles.feedEndStatus} role="status">
          加载失败
        </p>
        <PlainButton className={styles.feedEndRetry} onClick={() => feed.refetch()}>
          重试
        </PlainButton>
      </div>
    );
  }
  if (pages.every((goods) => goods.length === 0) && !feed.hasNextPage) {
    return <Empty description={empty} className={styles.goodsEmpty} />;
  }
  return (
    <>
      <div className={styles.goodsGrid}>
        {pages.map((goods, index) => (
          <PageCards
            key={feed.data?.pageParams[index] ?? index}
            goods={goods}
            first={index === 0}
            useMarks={useMarks}
          />
        ))}
      </div>
      <FeedEnd feed={feed} loadedPages={pages.length} />
    </>
  );
}
