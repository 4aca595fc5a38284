import { PublicUserSchema } from "./accounts.js";
import { CursorSchema, PageQuerySchema, withCursorNotPage } from "./envelope.js";
import { IdSchema, shownName, text } from "./fields.js";
import { CategorySchema, SearchCriteriaSchema } from "./goods.js";
import { DiscoveryLimits } from "./values/discovery.js";
import { GoodsLimits } from "./values/goods.js";
import { z } from "./zod.js";

/** POST /follows: follow a seller. DELETE /follows/{id} unfollows; the path is IdParamsSchema. */
export const FollowBodySchema = z.object({ userId: IdSchema }).strict();
export type FollowBody = z.infer<typeof FollowBodySchema>;

export const FollowStateSchema = z
  .object({ following: z.boolean(), followerCount: z.number() })
  .describe("What following or unfollowing answers, and GET /follows/{id}: the state and the seller's new count.");
export type FollowState = z.infer<typeof FollowStateSchema>;

export const FollowedSellerSchema = z
  .object({ user: PublicUserSchema, followedAt: z.string() })
  .describe("One line of GET /follows (the sellers the caller follows), newest first.");
export type FollowedSeller = z.infer<typeof FollowedSellerSchema>;

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

export const SavedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  criteria: SearchCriteriaSchema,
  createdAt: z.string(),
  notifiedAt: z.string().nullable().describe("When its owner was last told of new matches; null before the first."),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

/** GET /goods/suggest?q=: what to offer while the user types a search. */
export const SuggestQuerySchema = z.object({ q: text().trim().min(1).max(GoodsLimits.keywordMax) });
export type SuggestQuery = z.infer<typeof SuggestQuerySchema>;

export const SuggestionSchema = z
  .union([
    z.object({ kind: z.literal("keyword"), text: z.string() }),
    z.object({ kind: z.literal("category"), text: z.string(), category: CategorySchema }),
  ])
  .describe(
    "A completion of what was typed: a keyword found in the titles of goods on sale (most frequent first), or a category whose name holds it (its key in `category`, to open the category).",
  );
export type Suggestion = z.infer<typeof SuggestionSchema>;
