import { DiscoveryLimits, type SearchCriteria } from "@xianzhi/contract";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import type { NotificationDraft } from "../notifications/index.js";
import * as repo from "./saved-search-repository.js";
import { criteriaMatcher } from "./search-criteria.js";

/** New goods matched in one round; more wait for the next. */
const GOODS_PER_ROUND = 500;
const QUIET_SECONDS = DiscoveryLimits.savedSearchNoticeMinutes * 60;
/**
 * Goods younger than this are left to the next round: ids are taken before their posting commits,
 * so a younger id may still appear behind the cursor.
 */
export const SETTLE_SECONDS = 10;

type SearchRow = Awaited<ReturnType<typeof repo.allSavedSearches>>[number];

/** How many new goods matched a saved search this round, and the newest of them. */
interface Matches {
  search: SearchRow;
  count: number;
  newestGoodsId: number;
}

/** The matches of each saved search among the goods; searches matching none are absent. */
function matchesOf(searches: SearchRow[], goods: repo.NewGoodsRow[]): Matches[] {
  const found: Matches[] = [];
  for (const search of searches) {
    const matches = criteriaMatcher(JSON.parse(search.criteria) as SearchCriteria);
    const matched = goods.filter((each) => each.sellerId !== search.userId && matches(each));
    const newest = matched.at(-1);
    if (newest) found.push({ search, count: matched.length, newestGoodsId: newest.id });
  }
  return found;
}

const excerptOf = (name: string, count: number) => `${name} · ${count} 件新闲置`;

/**
 * Tells the owners of saved searches of new matches, each search at most once an hour: matches
 * inside the quiet hour are added up and told when it has passed. Runs apart from posting (every
 * minute), walking the goods from a cursor, so posting pays nothing for saved searches. Matching
 * happens before the round's transaction, which first moves the cursor: a second process finds it
 * moved and writes nothing, and a round cut short leaves the cursor where it was. Answers the
 * notifications written.
 */
export async function matchSavedSearches(
  { db, notifier }: Deps<"db" | "notifier">,
  settleSeconds = SETTLE_SECONDS,
): Promise<number> {
  const from = await repo.matchCursor(db);
  const goods = await repo.goodsAfter(db, from, isoAfterSeconds(-settleSeconds), GOODS_PER_ROUND);
  const last = goods.at(-1);
  const matches = last ? matchesOf(await repo.allSavedSearches(db), goods) : [];
  const outbox = notifier.outbox();
  const told = await db.transaction().execute(async (tx) => {
    const quietSince = isoAfterSeconds(-QUIET_SECONDS);
    const notices: NotificationDraft[] = [];
    if (last && (await repo.advanceCursor(tx, from, last.id))) {
      const claimed = await repo.claimNotices(
        tx,
        matches.map(({ search }) => search.id),
        quietSince,
        nowIso(),
      );
      for (const { search, count, newestGoodsId } of matches) {
        if (claimed.has(search.id)) notices.push(savedSearchNotice(search, count + search.pendingCount, newestGoodsId));
        else await repo.addPending(tx, search.id, count, newestGoodsId);
      }
    }
    const pending = await repo.pendingSavedSearches(tx, quietSince);
    const claimed = await repo.claimNotices(
      tx,
      pending.map((search) => search.id),
      quietSince,
      nowIso(),
    );
    for (const search of pending.filter((each) => claimed.has(each.id))) {
      notices.push(savedSearchNotice(search, search.pendingCount, search.pendingGoodsId));
    }
    await outbox.record(tx, notices);
    return notices.length;
  });
  outbox.push();
  return told;
}

function savedSearchNotice(search: SearchRow, count: number, goodsId: number | null): NotificationDraft {
  return {
    userId: search.userId,
    kind: "saved_search",
    goodsId,
    savedSearchId: search.id,
    excerpt: excerptOf(search.name, count),
  };
}
