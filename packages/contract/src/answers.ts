import type { Chat } from "./chat.js";
import type { FollowedSeller, SavedSearch, Suggestion } from "./discovery.js";
import type { Goods } from "./goods.js";
import type { BlockedUser, ModerationLogEntry, ReportQueueItem, WordRule } from "./moderation.js";
import type { FavoriteGoods, GoodsComment } from "./social.js";
import type { DealSummary, Review } from "./trade.js";
import type { CursorPage, Page } from "./values/envelope.js";

/*
 * Names for the answers that are lists or pages of other types: the OpenAPI document's schema
 * generator (server/commands/answer-schemas.ts) takes each route's answer by its name.
 */
export type GoodsPage = Page<Goods>;
export type GoodsCursorPage = CursorPage<Goods>;
export type FavoriteGoodsPage = Page<FavoriteGoods>;
export type GoodsCommentPage = Page<GoodsComment>;
export type ChatPage = Page<Chat>;
export type FollowedSellerPage = Page<FollowedSeller>;
export type ReviewPage = Page<Review>;
export type DealSummaryPage = Page<DealSummary>;
export type ReportQueuePage = Page<ReportQueueItem>;
export type ModerationLogPage = Page<ModerationLogEntry>;
export type Suggestions = Suggestion[];
export type BlockedUsers = BlockedUser[];
export type SavedSearches = SavedSearch[];
export type WordRules = WordRule[];

/** GET /mychatlist/unread: unread messages over all the user's chats. */
export interface ChatUnreadTotal {
  unreadTotal: number;
}
