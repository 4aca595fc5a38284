import { CATEGORIES, type Category, GOODS_SORTS, type GoodsSort } from "@xianzhi/contract/constants";
import type { ReactNode } from "react";
import { Segmented } from "../../components/plain-controls";
import type { useUrlParams } from "../../components/use-url-params";
import type { UseCardMarks } from "./card-marks";
import styles from "./feed.module.css";
import { feedFilterParams, readFeedFilters } from "./feed-filter-values";
import { ActiveFilters, FeedFilterButton, NothingMatches } from "./feed-filters";
import { FeedSelect, FeedToolbar } from "./feed-toolbar";
import { useGoodsFeedInfiniteQuery, useGoodsListQuery } from "./goods-api";
import { GoodsGrid } from "./goods-grid";
import { homeFeedQuery, scrolledHomeFeedQuery } from "./screen-queries";
import { ScrollingGoodsGrid } from "./scrolling-goods-grid";
import { usePhoneLayout } from "./use-phone-layout";

const categoryOptions = [
  { label: "全部", value: "" as const },
  ...Object.entries(CATEGORIES).map(([value, label]) => ({ label, value: value as Category })),
];
const sortOptions = Object.entries(GOODS_SORTS).map(([value, label]) => ({ label, value: value as GoodsSort }));
type UpdateParams = ReturnType<typeof useUrlParams>[1];

interface FeedProps {
  params: URLSearchParams;
  update: UpdateParams;
  useMarks: UseCardMarks;
}

/** The list by pages (a wide screen): page numbers under it, in the address. */
function PagedGoods({ params, update, empty, useMarks }: FeedProps & { empty: ReactNode }) {
  const { data, isFetching } = useGoodsListQuery(homeFeedQuery(params));
  const marks = useMarks(data?.list);
  return (
    <GoodsGrid
      page={data}
      loading={isFetching}
      empty={empty}
      onPage={(next) => update({ page: String(next) })}
      {...marks}
    />
  );
}

/** The list scrolled on a phone: the next goods come as the end nears, no page numbers. */
function ScrolledGoods({ params, empty, useMarks }: Omit<FeedProps, "update"> & { empty: ReactNode }) {
  const feed = useGoodsFeedInfiniteQuery(scrolledHomeFeedQuery(params));
  return <ScrollingGoodsGrid feed={feed} empty={empty} useMarks={useMarks} />;
}

/**
 * The home's 推荐: everything on sale, by category, filters and sort, as the address says: scrolled
 * on a phone, paged on a wide screen. A change of filters or sort is another list, from its top.
 */
export function RecommendedFeed({ params, update, useMarks }: FeedProps) {
  const category = (params.get("category") ?? "") as Category | "";
  const sort = (params.get("sort") ?? "latest") as GoodsSort;
  const filters = readFeedFilters(params);
  const phone = usePhoneLayout();
  const changeFilters = (values: typeof filters) => update({ ...feedFilterParams(values), page: "" });
  const empty = <NothingMatches values={filters} onChange={changeFilters} otherwise="这里还没有闲置，去发布第一件吧" />;

  return (
    <>
      <FeedToolbar
        tools={
          <>
            <FeedFilterButton values={filters} onChange={changeFilters} />
            <FeedSelect
              aria-label="排序方式"
              options={sortOptions}
              value={sort}
              onChange={(value) => update({ sort: value === "latest" ? "" : value, page: "" })}
            />
          </>
        }
      >
        <Segmented
          className={styles.feedToolbarCategories}
          aria-label="分类"
          options={categoryOptions}
          value={category}
          onChange={(value) => update({ category: value, page: "" })}
        />
      </FeedToolbar>
      <ActiveFilters values={filters} onChange={changeFilters} />
      {phone ? (
        <ScrolledGoods params={params} empty={empty} useMarks={useMarks} />
      ) : (
        <PagedGoods params={params} update={update} empty={empty} useMarks={useMarks} />
      )}
    </>
  );
}
