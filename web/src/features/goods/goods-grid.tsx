import type { Goods } from "@xianzhi/contract";
import type { Page } from "@xianzhi/contract/constants";
import type { ReactNode } from "react";
import { Empty } from "../../components/empty";
import { Pager } from "../../components/plain-controls";
import { PlainSkeleton, PlainSkeletonImage } from "../../components/plain-skeleton";
import styles from "./feed.module.css";
import { GoodsCard } from "./goods-card";

/** The cards a phone shows before any scrolling (two rows of two). */
export const FIRST_SCREENFUL = 4;

interface GoodsGridProps {
  page: Page<Goods> | undefined;
  loading: boolean;
  empty: ReactNode;
  onPage(page: number): void;
  /** Search words to mark in the titles. */
  highlight?: string[];
  /** What each card carries on its cover (the favourite heart). */
  cardAction?: (goods: Goods) => ReactNode;
  /** What each card says beside its price (降价 ¥X). */
  cardPriceNote?: (goods: Goods) => ReactNode;
}

/** The grid's place while its first goods are on their way. */
export function GoodsGridSkeleton() {
  return (
    <div className={styles.goodsGrid} aria-busy="true">
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <div className={`${styles.goodsCard} ${styles.goodsCardSkeleton}`} key={i}>
          <PlainSkeletonImage className={styles.goodsCardSkeletonImage} />
          <PlainSkeleton rows={2} title={false} />
        </div>
      ))}
    </div>
  );
}

/** A page of goods cards with skeletons while loading, an empty state, and pages. */
export function GoodsGrid({ page, loading, empty, onPage, highlight, cardAction, cardPriceNote }: GoodsGridProps) {
  if (loading && !page) return <GoodsGridSkeleton />;
  if (!page || page.list.length === 0) return <Empty description={empty} className={styles.goodsEmpty} />;
  return (
    <>
      <div className={styles.goodsGrid} aria-busy={loading}>
        {page.list.map((goods, index) => (
          <GoodsCard
            key={goods.id}
            goods={goods}
            highlight={highlight}
            action={cardAction?.(goods)}
            priceNote={cardPriceNote?.(goods)}
            eager={index < FIRST_SCREENFUL}
          />
        ))}
      </div>
      <Pager
        className={styles.goodsPagination}
        current={page.page}
        pageSize={page.pageSize}
        total={page.total}
        onChange={onPage}
      />
    </>
  );
}
