import { CATEGORIES, type Category, GOODS_SORTS, type GoodsSort } from "@xianzhi/contract/constants";
import type { ReactNode } from "react";
import { titles } from "../../app/paths";
import { PlainSelect, Segmented } from "../../components/plain-controls";
import { useDocumentTitle } from "../../components/use-document-title";
import { useHydrated } from "../../components/use-hydrated";
import { useUrlParams } from "../../components/use-url-params";
import { isSignedIn } from "../accounts";
import { useFavoriteMarks } from "../favorites/ui";
import { feedFilterParams, readFeedFilters } from "./feed-filter-values";
import { ActiveFilters, FeedFilterButton, NothingMatches } from "./feed-filters";
import { FollowingFeed } from "./following-feed";
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
const feedOptions = [
  { label: "推荐", value: "" as const },
  { label: "关注", value: "following" as const },
];
type UpdateParams = ReturnType<typeof useUrlParams>[1];

export default function HomeScreen() {
  useDocumentTitle(titles.home);
  const [params, update] = useUrlParams();
  // 推荐 | 关注 is for a signed-in user, once hydrated: the server draws what a visitor sees.
  const switchable = useHydrated() && isSignedIn();
  const feed = switchable && params.get("feed") === "following" ? "following" : "";

  return (
    <div className="page">
      <section className="home-hero">
        <h1>闲置好物，随手转卖</h1>
        <p>买卖二手，省钱也环保</p>
      </section>
      {switchable && (
        <Segmented
          className="home-feed-switch"
          aria-label="首页内容"
          options={feedOptions}
          value={feed}
          onChange={(value) => update({ feed: value, page: "" })}
        />
      )}
      {feed === "following" ? (
        <FollowingFeed page={Number(params.get("page") ?? 1)} onPage={(next) => update({ page: String(next) })} />
      ) : (
        <RecommendedFeed params={params} update={update} />
      )}
    </div>
  );
}

/** The list by pages (a wide screen): page numbers under it, in the address. */
function PagedGoods({ params, update, empty }: { params: URLSearchParams; update: UpdateParams; empty: ReactNode }) {
  const { data, isFetching } = useGoodsListQuery(homeFeedQuery(params));
  const favoriteMarks = useFavoriteMarks(data?.list);
  return (
    <GoodsGrid
      page={data}
      loading={isFetching}
      empty={empty}
      onPage={(next) => update({ page: String(next) })}
      {...favoriteMarks}
    />
  );
}

/** The list scrolled on a phone: the next goods come as the end nears, no page numbers. */
function ScrolledGoods({ params, empty }: { params: URLSearchParams; empty: ReactNode }) {
  const feed = useGoodsFeedInfiniteQuery(scrolledHomeFeedQuery(params));
  return <ScrollingGoodsGrid feed={feed} empty={empty} />;
}

/**
 * Everything on sale, by category, filters and sort, as the address says: scrolled on a phone,
 * paged on a wide screen. A change of filters or sort is another list, from its top.
 */
function RecommendedFeed({ params, update }: { params: URLSearchParams; update: UpdateParams }) {
  const category = (params.get("category") ?? "") as Category | "";
  const sort = (params.get("sort") ?? "latest") as GoodsSort;
  const filters = readFeedFilters(params);
  const phone = usePhoneLayout();
  const changeFilters = (values: typeof filters) => update({ ...feedFilterParams(values), page: "" });
  const empty = <NothingMatches values={filters} onChange={changeFilters} otherwise="这里还没有闲置，去发布第一件吧" />;

  return (
    <>
      <div className="feed-toolbar">
        <Segmented
          className="feed-toolbar__categories"
          aria-label="分类"
          options={categoryOptions}
          value={category}
          onChange={(value) => update({ category: value, page: "" })}
        />
        <div className="feed-toolbar__filters">
          <FeedFilterButton values={filters} onChange={changeFilters} />
          <PlainSelect
            aria-label="排序方式"
            options={sortOptions}
            value={sort}
            onChange={(value) => update({ sort: value === "latest" ? "" : value, page: "" })}
          />
        </div>
      </div>
      <ActiveFilters values={filters} onChange={changeFilters} />
      {phone ? (
        <ScrolledGoods params={params} empty={empty} />
      ) : (
        <PagedGoods params={params} update={update} empty={empty} />
      )}
    </>
  );
}
