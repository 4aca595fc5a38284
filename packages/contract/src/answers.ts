import { ChatSchema } from "./chat.js";
import { FollowedSellerSchema, SavedSearchSchema, SuggestionSchema } from "./discovery.js";
import { cursorPageOf, pageOf } from "./envelope.js";
import { GoodsSchema } from "./goods.js";
import { BlockedUserSchema, ModerationLogEntrySchema, ReportQueueItemSchema, WordRuleSchema } from "./moderation.js";
import { FavoriteGoodsSchema, GoodsCommentSchema } from "./social.js";
import { DealSummarySchema, ReviewSchema } from "./trade.js";
import { z } from "./zod.js";

/*
 * The answers that are pages or lists of other types, named: a route declares the schema it
 * answers (server/src/http/api-route.ts), and the OpenAPI document names its component after the
 * export (GoodsPageSchema is GoodsPage).
 */
export const GoodsPageSchema = pageOf(GoodsSchema);
export type GoodsPage = z.infer<typeof GoodsPageSchema>;
export const GoodsCursorPageSchema = cursorPageOf(GoodsSchema);
export type GoodsCursorPage = z.infer<typeof GoodsCursorPageSchema>;
export const FavoriteGoodsPageSchema = pageOf(FavoriteGoodsSchema);
export type FavoriteGoodsPage = z.infer<typeof FavoriteGoodsPageSchema>;
export const GoodsCommentPageSchema = pageOf(GoodsCommentSchema);
export type GoodsCommentPage = z.infer<typeof GoodsCommentPageSchema>;
export const ChatPageSchema = pageOf(ChatSchema);
export type ChatPage = z.infer<typeof ChatPageSchema>;
export const FollowedSellerPageSchema = pageOf(FollowedSellerSchema);
export type FollowedSellerPage = z.infer<typeof FollowedSellerPageSchema>;
export const ReviewPageSchema = pageOf(ReviewSchema);
export type ReviewPage = z.infer<typeof ReviewPageSchema>;
export const DealSummaryPageSchema = pageOf(DealSummarySchema);
export type DealSummaryPage = z.infer<typeof DealSummaryPageSchema>;
export const ReportQueuePageSchema = pageOf(ReportQueueItemSchema);
export type ReportQueuePage = z.infer<typeof ReportQueuePageSchema>;
export const ModerationLogPageSchema = pageOf(ModerationLogEntrySchema);
export type ModerationLogPage = z.infer<typeof ModerationLogPageSchema>;
export const SuggestionsSchema = z.array(SuggestionSchema);
export type Suggestions = z.infer<typeof SuggestionsSchema>;
export const BlockedUsersSchema = z.array(BlockedUserSchema);
export type BlockedUsers = z.infer<typeof BlockedUsersSchema>;
export const SavedSearchesSchema = z.array(SavedSearchSchema);
export type SavedSearches = z.infer<typeof SavedSearchesSchema>;
export const WordRulesSchema = z.array(WordRuleSchema);
export type WordRules = z.infer<typeof WordRulesSchema>;

export const ChatUnreadTotalSchema = z
  .object({ unreadTotal: z.number() })
  .describe("GET /mychatlist/unread: unread messages over all the user's chats.");
export type ChatUnreadTotal = z.infer<typeof ChatUnreadTotalSchema>;
