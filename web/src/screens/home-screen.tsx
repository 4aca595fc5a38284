import { titles } from "../app/paths";
import { Segmented } from "../components/plain-controls";
import { useDocumentTitle } from "../components/use-document-title";
import { useHydrated } from "../components/use-hydrated";
import { useUrlParams } from "../components/use-url-params";
import { isSignedIn } from "../features/accounts";
import { useFavoriteMarks } from "../features/favorites/ui";
import { FollowingFeed, RecommendedFeed } from "../features/goods/ui";
import styles from "./home.module.css";

const feedOptions = [
  { label: "推荐", value: "" as const },
  { label: "关注", value: "following" as const },
];

export default function HomeScreen() {
  useDocumentTitle(titles.home);
  const [params, update] = useUrlParams();
  // 推荐 | 关注 is for a signed-in user, once hydrated: the server draws what a visitor sees.
  const switchable = useHydrated() && isSignedIn();
  const feed = switchable && params.get("feed") === "following" ? "following" : "";

  return (
    <div className="page">
      <section className={styles.homeHero}>
        <h1>闲置好物，随手转卖</h1>
        <p>买卖二手，省钱也环保</p>
      </section>
      {switchable && (
        <Segmented
          className={styles.homeFeedSwitch}
          aria-label="首页内容"
          options={feedOptions}
          value={feed}
          onChange={(value) => update({ feed: value, page: "" })}
        />
      )}
      {feed === "following" ? (
        <FollowingFeed
          page={Number(params.get("page") ?? 1)}
          onPage={(next) => update({ page: String(next) })}
          useMarks={useFavoriteMarks}
        />
      ) : (
        <RecommendedFeed params={params} update={update} useMarks={useFavoriteMarks} />
      )}
    </div>
  );
}
