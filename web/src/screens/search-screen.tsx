import { brandNames, CATEGORIES, type Category, SEARCH_SORTS, type SearchSort } from "@xianzhi/contract/constants";
import { Link } from "react-router";
import { paths, titles } from "../app/paths";
import { useDocumentTitle } from "../components/use-document-title";
import { useHydrated } from "../components/use-hydrated";
import { useUrlParams } from "../components/use-url-params";
import { isSignedIn } from "../features/accounts";
import { useFavoriteMarks } from "../features/favorites/ui";
import {
  cappedSortNote,
  feedFilterParams,
  readFeedFilters,
  searchCriteriaAt,
  searchQuery,
  useSearchGoodsQuery,
} from "../features/goods";
import {
  ActiveFilters,
  FeedFilterButton,
  FeedSelect,
  FeedToolbar,
  GoodsGrid,
  NothingMatches,
} from "../features/goods/ui";
import { SaveSearchButton } from "../features/saved-searches";
import styles from "./search.module.css";

const categoryOptions = [
  { label: "全部分类", value: "" as const },
  ...Object.entries(CATEGORIES).map(([value, label]) => ({ label, value: value as Category })),
];
const sortOptions = Object.entries(SEARCH_SORTS).map(([value, label]) => ({ label, value: value as SearchSort }));

export default function SearchScreen() {
  useDocumentTitle(titles.searchResult);
  const [params, update] = useUrlParams();
  const keyword = (params.get("keyword") ?? "").trim();
  const category = (params.get("category") ?? "") as Category | "";
  const sort = (params.get("sort") ?? "relevance") as SearchSort;
  const filters = readFeedFilters(params);
  const { data, isFetching } = useSearchGoodsQuery(searchQuery(params), { skip: !keyword });
  const favoriteMarks = useFavoriteMarks(data?.list);
  const changeFilters = (values: typeof filters) => update({ ...feedFilterParams(values), page: "" });
  // For a signed-in user, once hydrated: the server draws what a visitor sees.
  const criteria = useHydrated() && isSignedIn() ? searchCriteriaAt(params) : undefined;
  const cappedNote = keyword ? cappedSortNote(sort, data) : null;

  return (
    <div className="page">
      <FeedToolbar
        tools={
          <>
            <FeedFilterButton values={filters} onChange={changeFilters} />
            <FeedSelect
              aria-label="分类"
              options={categoryOptions}
              value={category}
              onChange={(value) => update({ category: value, page: "" })}
            />
            <FeedSelect
              aria-label="排序方式"
              options={sortOptions}
              value={sort}
              onChange={(value) => update({ sort: value === "relevance" ? "" : value, page: "" })}
            />
          </>
        }
      >
        <h1 className={styles.searchTitle}>
          {keyword ? (
            <>
              “{keyword}”的搜索结果
              {data && (
                <span className={styles.searchTitleCount}>
                  共 {data.total}
                  {data.totalCapped ? "+" : ""} 件
                </span>
              )}
            </>
          ) : (
            "搜索闲置"
          )}
        </h1>
        {criteria && <SaveSearchButton criteria={criteria} />}
      </FeedToolbar>
      <ActiveFilters values={filters} onChange={changeFilters} />
      {cappedNote && <p className={styles.searchCappedNote}>{cappedNote}</p>}
      {keyword ? (
        <GoodsGrid
          page={data}
          loading={isFetching}
          empty={
            <NothingMatches
              values={filters}
              onChange={changeFilters}
              otherwise={
                <>
                  没有找到与“{keyword}”相关的闲置，换个关键词试试，或 <Link to={paths.home}>逛逛首页</Link>
                </>
              }
            />
          }
          onPage={(next) => update({ page: String(next) })}
          // A brand's other names are found too (耐克 finds Nike): marked as the word typed is.
          highlight={keyword.split(/\s+/).flatMap(brandNames)}
          {...favoriteMarks}
        />
      ) : (
        <p className={styles.searchHint}>在上方输入想找的宝贝，比如“手机”“自行车”。</p>
      )}
    </div>
  );
}
