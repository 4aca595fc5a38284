import type {
  CursorPage,
  FollowedSeller,
  FollowingGoodsQuery,
  FollowState,
  Goods,
  Page,
  PageQuery,
} from "@xianzhi/contract";
import type { Db } from "../../db/database.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import { pageWindow } from "../../lib/paging.js";
import type { Deps } from "../../services.js";
import { findOpenUserById, toPublicUser } from "../accounts/index.js";
import { requireNotBlocked } from "../block-checks/index.js";
import { cursorAfterNewest, pageOf, readCursor } from "../goods/index.js";
import * as repo from "./follow-repository.js";

export { followCounts } from "./follow-repository.js";

async function requireUserExists(db: Db, userId: number): Promise<void> {
  if (!(await findOpenUserById(db, userId))) throw appError("USER_NOT_FOUND");
}

async function requireSeller(db: Db, followerId: number, sellerId: number): Promise<void> {
  await requireUserExists(db, sellerId);
  if (followerId === sellerId) throw appError("FOLLOW_SELF");
}

async function stateOf(db: Db, followerId: number, sellerId: number): Promise<FollowState> {
  const [following, { followerCount }] = await Promise.all([
    repo.isFollowing(db, followerId, sellerId),
    repo.followCounts(db, sellerId),
  ]);
  return { following, followerCount };
}

/** Following twice is refused, as is following oneself; the insert itself tells, so two at once make one. */
export async function follow({ db }: Deps<"db">, followerId: number, sellerId: number): Promise<FollowState> {
  await requireSeller(db, followerId, sellerId);
  await requireNotBlocked(db, followerId, sellerId);
  if (!(await repo.insertFollow(db, followerId, sellerId, nowIso()))) throw appError("ALREADY_FOLLOWING");
  return stateOf(db, followerId, sellerId);
}

export async function unfollow({ db }: Deps<"db">, followerId: number, sellerId: number): Promise<FollowState> {
  await requireSeller(db, followerId, sellerId);
  if (!(await repo.deleteFollow(db, followerId, sellerId))) throw appError("NOT_FOLLOWING");
  return stateOf(db, followerId, sellerId);
}

export async function followState({ db }: Deps<"db">, followerId: number, sellerId: number): Promise<FollowState> {
  await requireUserExists(db, sellerId);
  return stateOf(db, followerId, sellerId);
}

export async function followedSellers(
  { db }: Deps<"db">,
  followerId: number,
  query: PageQuery,
): Promise<Page<FollowedSeller>> {
  const [rows, { followingCount }] = await Promise.all([
    repo.followedSellers(db, followerId, pageWindow(query)),
    repo.followCounts(db, followerId),
  ]);
  const list = rows.map((row) => ({ user: toPublicUser(row), followedAt: row.createdAt }));
  return { list, total: followingCount, page: query.page, pageSize: query.pageSize };
}

/**
 * The home's 关注 tab: goods on sale (or reserved) of the sellers followed, newest first, by page
 * or after a cursor; names the cursor after the page.
 */
export async function followedGoods(
  { db }: Deps<"db">,
  followerId: number,
  query: FollowingGoodsQuery,
): Promise<CursorPage<Goods>> {
  const { cursor, pageSize } = query;
  const window = cursor === undefined ? pageWindow(query) : { limit: pageSize, after: readCursor("latest", cursor) };
  const { ids, total, more } = await repo.followedGoodsIds(db, followerId, window);
  const last = ids.at(-1);
  const nextCursor = more && last !== undefined ? cursorAfterNewest(last) : null;
  return { ...(await pageOf(db, ids, total, query)), nextCursor };
}
