import type { PublicUser } from "./accounts.js";
import { CursorSchema, PageQuerySchema, withCursorNotPage } from "./envelope.js";
import { IdSchema, shownName, text } from "./fields.js";
import { type SearchCriteria, SearchCriteriaSchema } from "./goods.js";
import { DiscoveryLimits } from "./values/discovery.js";
import { type Category, GoodsLimits } from "./values/goods.js";
import { z } from "./zod.js";

/** POST /follows: follow a seller. DELETE /follows/{id} unfollows; the path is IdParamsSchema. */
export const FollowBodySchema = z.object({ userId: IdSchema }).strict();
export type FollowBody = z.infer<typeof FollowBodySchema>;

/** What following or unfollowing answers, and GET /follows/{id}: the state and the seller's new count. */
export interface FollowState {
  following: boolean;
  followerCount: number;
}

/** One line of GET /follows (the sellers the caller follows), newest first. */
export interface FollowedSeller {
  user: PublicUser;
  followedAt: string;
}

/**
 * GET /goods/following: the listed goods of the sellers the caller follows, newest first, by page
 * number or onwards from a `cursor` (the `nextCursor` of the page before); answers a CursorPage.
 */
export const FollowingGoodsQuerySchema = withCursorNotPage(PageQuerySchema.extend({ cursor: CursorSchema.optional() }));
export type FollowingGoodsQuery = z.infer<typeof FollowingGoodsQuerySchema>;

const SavedSearchNameSchema = shownName(text().trim().min(1).max(DiscoveryLimits.savedSearchNameMax));

/** POST /saved-searches: the search's keyword and filters, and a name (the keyword when none). */
export const SaveSearchBodySchema = SearchCriteriaSchema.and(z.object({ name: SavedSearchNameSchema.optional() }));
export type SaveSearchBody = z.infer<typeof SaveSearchBodySchema>;

/** PUT /saved-searches/{id}: renames it; the path is IdParamsSchema. */
export const RenameSavedSearchBodySchema = z.object({ name: SavedSearchNameSchema }).strict();
export type RenameSavedSearchBody = z.infer<typeof RenameSavedSearchBodySchema>;

export interface SavedSearch {
  id: string;
  name: string;
  criteria: SearchCriteria;
  createdAt: string;
  /** When its owner was last told of new matches; null before the first. */
  notifiedAt: string | null;
}

/** GET /goods/suggest?q=: what to offer while the user types a search. */
export const SuggestQuerySchema = z.object({ q: text().trim().min(1).max(GoodsLimits.keywordMax) });
export type SuggestQuery = z.infer<typeof SuggestQuerySchema>;

/**
 * A completion of what was typed: a keyword found in the titles of goods on sale (most frequent
 * first), or a category whose name holds it (its key in `category`, to open the category).
 */
export type Suggestion = { kind: "keyword"; text: string } | { kind: "category"; text: string; category: Category };
