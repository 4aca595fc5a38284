import {
  AddPictureBodySchema,
  BlockBodySchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  ChatHistoryQuerySchema,
  ChatTradeQuerySchema,
  ClientFrameSchema,
  ConfirmCaptchaBodySchema,
  ConfirmEmailBodySchema,
  CounterOfferBodySchema,
  CreateChatBodySchema,
  CreateCommentBodySchema,
  CreateGoodsBodySchema,
  CreateOfferBodySchema,
  CreateReportBodySchema,
  CreateReviewBodySchema,
  DealsQuerySchema,
  DeleteAccountBodySchema,
  FavoriteBodySchema,
  FavoriteIdsQuerySchema,
  FollowBodySchema,
  FollowingGoodsQuerySchema,
  GoodsListQuerySchema,
  GoodsSearchQuerySchema,
  LoginByEmailBodySchema,
  LoginByUsernameBodySchema,
  MarkNotificationsReadBodySchema,
  ModerationActionBodySchema,
  MyGoodsQuerySchema,
  NotificationSettingsSchema,
  PageQuerySchema,
  RegisterBodySchema,
  RenameSavedSearchBodySchema,
  ReportQueueQuerySchema,
  ResetPasswordBodySchema,
  SaveSearchBodySchema,
  SellerGoodsQuerySchema,
  SendEmailCodeBodySchema,
  SetGoodsStatusBodySchema,
  SetReadBodySchema,
  SuggestQuerySchema,
  UpdateGoodsBodySchema,
  UpdateProfileBodySchema,
  WordRuleBodySchema,
  WordRuleUpdateBodySchema,
} from "@xianzhi/contract";
import type { z } from "zod";

/**
 * What each /api route takes, by the contract schema its handler parses: the source of the OpenAPI
 * document. Path parameters need no entry: `:id` and `:goodsId` are always the contract's IdSchema
 * (see path-parameters in api-document.ts). api-docs.test.ts fails when a registered route is
 * missing here, or when a route accepts other input than its entry says.
 */
export interface RouteInput {
  summary: string;
  tag: string;
  /**
   * "signed-in": 401 without a valid bearer token; "moderator": that, and 403 for a user who is not
   * a moderator; "public": a token is optional.
   */
  access: "public" | "signed-in" | "moderator";
  /**
   * What `data` holds in a 200 answer: the name of a contract type (packages/contract/src; a page
   * or list of one is named in answers.ts), or "null". npm run openapi:answers generates its schema.
   */
  answer: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** multipart/form-data with one file in the field `file`. */
  upload?: true;
  /** A WebSocket: the query's token signs in; the frames are described, not the HTTP exchange. */
  socketFrames?: z.ZodType;
}

type Input = Partial<RouteInput>;
const pub = (tag: string, summary: string, answer: string, input: Input = {}): RouteInput => ({
  tag,
  summary,
  access: "public",
  answer,
  ...input,
});
const moderator = (summary: string, answer: string, input: Input = {}): RouteInput => ({
  tag: "admin",
  summary,
  access: "moderator",
  answer,
  ...input,
});
const user = (tag: string, summary: string, answer: string, input: Input = {}): RouteInput => ({
  tag,
  summary,
  access: "signed-in",
  answer,
  ...input,
});

export const API_ROUTES: Readonly<Record<string, RouteInput>> = {
  "GET /api/health/live": pub("health", "The process gets answers from its database (503 when wedged)", "null"),
  "GET /api/health/ready": pub("health", "The database and Redis answer: 503 otherwise", "Readiness"),

  "GET /api/com/captcha": pub("accounts", "A new captcha image and its id", "Captcha"),
  "POST /api/com/confirmcaptcha": pub("accounts", "Solve a captcha: a captcha ticket", "CaptchaTicket", {
    body: ConfirmCaptchaBodySchema,
  }),
  "POST /api/com/email": pub("accounts", "Send an e-mail code", "null", { body: SendEmailCodeBodySchema }),
  "POST /api/com/confirmemail": pub("accounts", "Check an e-mail code: an e-mail ticket", "EmailTicket", {
    body: ConfirmEmailBodySchema,
  }),
  "POST /api/user/reg": pub("accounts", "Register: the session token", "AuthResult", { body: RegisterBodySchema }),
  "POST /api/user/login/username": pub("accounts", "Sign in by user name", "AuthResult", {
    body: LoginByUsernameBodySchema,
  }),
  "POST /api/user/login/email": pub("accounts", "Sign in by e-mail", "AuthResult", { body: LoginByEmailBodySchema }),
  "POST /api/user/password/reset": pub("accounts", "Set a new password with an e-mail ticket", "null", {
    body: ResetPasswordBodySchema,
  }),
  "POST /api/user/logout": user("accounts", "End this session", "null"),
  "GET /api/user/getinfo": user("accounts", "The signed-in user", "UserInfo"),
  "PUT /api/user/userinfo": user("accounts", "Edit the profile: at least one field", "UserInfo", {
    body: UpdateProfileBodySchema,
  }),
  "PUT /api/user/email": user("accounts", "Change the e-mail address", "UserInfo", { body: ChangeEmailBodySchema }),
  "PUT /api/user/password": user("accounts", "Change the password", "null", { body: ChangePasswordBodySchema }),
  "POST /api/user/delete": user("accounts", "Close the account (注销账号), after the password", "null", {
    body: DeleteAccountBodySchema,
  }),
  "GET /api/user/export": user("accounts", "All of the user's data as one JSON file", "DataExport"),

  "GET /api/goods/getlist": pub("goods", "Goods on sale and reserved, newest first", "GoodsCursorPage", {
    query: GoodsListQuerySchema,
  }),
  "GET /api/goods/search/list": pub("goods", "Search goods", "GoodsPage", { query: GoodsSearchQuerySchema }),
  "GET /api/goods/suggest": pub("goods", "Search suggestions while typing", "Suggestions", {
    query: SuggestQuerySchema,
  }),
  "GET /api/goods/info/{id}": pub("goods", "One goods item, counted as a view", "Goods"),
  "GET /api/goods/getmylist": user("goods", "The user's own goods", "GoodsPage", { query: MyGoodsQuerySchema }),
  "GET /api/goods/following": user("goods", "Goods of the sellers the user follows", "GoodsCursorPage", {
    query: FollowingGoodsQuerySchema,
  }),
  "POST /api/goods": user("goods", "Post goods", "Goods", { body: CreateGoodsBodySchema }),
  "PUT /api/goods/{id}": user("goods", "Edit own goods: at least one field", "Goods", { body: UpdateGoodsBodySchema }),
  "PUT /api/goods/{id}/status": user("goods", "Set own goods' status", "Goods", { body: SetGoodsStatusBodySchema }),
  "DELETE /api/goods/{id}": user("goods", "Delete own goods", "null"),

  "POST /api/com/upload": user("pictures", "Upload a picture: its file id", "UploadedFile", { upload: true }),
  "POST /api/pic/add": user("pictures", "Add an uploaded picture to own goods", "Picture", {
    body: AddPictureBodySchema,
  }),

  "GET /api/user/{id}/profile": pub("sellers", "A seller's public profile", "SellerProfile"),
  "GET /api/user/{id}/goods": pub("sellers", "A seller's goods", "GoodsPage", { query: SellerGoodsQuerySchema }),
  "GET /api/user/{id}/reviews": pub("reviews", "Reviews a user received", "ReviewPage", { query: PageQuerySchema }),
  "POST /api/reviews": user("reviews", "Review the other side of a completed deal", "Review", {
    body: CreateReviewBodySchema,
  }),

  "GET /api/goodscomment/getlist/{goodsId}": pub("comments", "Comments on goods", "GoodsCommentPage", {
    query: PageQuerySchema,
  }),
  "POST /api/goodscomment": user("comments", "Comment on goods or reply", "GoodsComment", {
    body: CreateCommentBodySchema,
  }),

  "GET /api/fav": user("favourites", "The user's favourites", "FavoriteGoodsPage", { query: PageQuerySchema }),
  "POST /api/fav": user("favourites", "Keep goods as a favourite", "FavoriteState", { body: FavoriteBodySchema }),
  "GET /api/fav/exists/{goodsId}": user("favourites", "Whether goods are a favourite", "FavoriteExists"),
  "GET /api/fav/ids": user("favourites", "Which of these goods are favourites, and their price drops", "FavoriteIds", {
    query: FavoriteIdsQuerySchema,
  }),
  "DELETE /api/fav/{goodsId}": user("favourites", "Stop keeping goods as a favourite", "FavoriteState"),

  "POST /api/mychatlist/create": user("chat", "Open (or find) a chat with a user", "Chat", {
    body: CreateChatBodySchema,
  }),
  "GET /api/mychatlist/getlist": user("chat", "The user's chats", "ChatPage", { query: PageQuerySchema }),
  "GET /api/mychatlist/unread": user("chat", "Unread messages in all chats", "ChatUnreadTotal"),
  "PUT /api/mychatlist/setread": user("chat", "Mark a chat read", "null", { body: SetReadBodySchema }),
  "GET /api/chat/getlist": user("chat", "A chat's messages, newest first", "ChatHistory", {
    query: ChatHistoryQuerySchema,
  }),
  "GET /api/ws": user("chat", "The chat WebSocket: send frames in, messages and acknowledgements out", "null", {
    socketFrames: ClientFrameSchema,
  }),

  "POST /api/follows": user("follows", "Follow a seller", "FollowState", { body: FollowBodySchema }),
  "GET /api/follows": user("follows", "Sellers the user follows", "FollowedSellerPage", { query: PageQuerySchema }),
  "GET /api/follows/{id}": user("follows", "Whether the user follows a seller", "FollowState"),
  "DELETE /api/follows/{id}": user("follows", "Stop following a seller", "FollowState"),

  "GET /api/saved-searches": user("saved searches", "The user's saved searches", "SavedSearches"),
  "POST /api/saved-searches": user("saved searches", "Save a search", "SavedSearch", { body: SaveSearchBodySchema }),
  "PUT /api/saved-searches/{id}": user("saved searches", "Rename a saved search", "SavedSearch", {
    body: RenameSavedSearchBodySchema,
  }),
  "DELETE /api/saved-searches/{id}": user("saved searches", "Delete a saved search", "null"),

  "POST /api/reports": user("moderation", "Report goods, a user, a comment or a message", "Report", {
    body: CreateReportBodySchema,
  }),
  "GET /api/blocks": user("moderation", "Users the user blocks", "BlockedUsers"),
  "POST /api/blocks": user("moderation", "Block a user", "BlockedUsers", { body: BlockBodySchema }),
  "DELETE /api/blocks/{id}": user("moderation", "Unblock a user", "BlockedUsers"),

  // The console's calls (npm run make-moderator makes the first moderator).
  "GET /api/admin/reports": moderator("Open reports grouped by target", "ReportQueuePage", {
    query: ReportQueueQuerySchema,
  }),
  "GET /api/admin/review": moderator("Goods held for review by a prohibited word", "GoodsPage", {
    query: PageQuerySchema,
  }),
  "GET /api/admin/targets/{targetType}/{targetId}": moderator(
    "A reported target with its context",
    "ModerationContext",
  ),
  "POST /api/admin/targets/{targetType}/{targetId}/actions": moderator(
    "Act on a target: its reports close",
    "ModerationLogEntry",
    {
      body: ModerationActionBodySchema,
    },
  ),
  "GET /api/admin/log": moderator("The audit log, newest first", "ModerationLogPage", { query: PageQuerySchema }),
  "GET /api/admin/word-rules": moderator("The prohibited words", "WordRules"),
  "POST /api/admin/word-rules": moderator("Add a prohibited word", "WordRule", { body: WordRuleBodySchema }),
  "PUT /api/admin/word-rules/{id}": moderator("Change what a prohibited word does", "WordRule", {
    body: WordRuleUpdateBodySchema,
  }),
  "DELETE /api/admin/word-rules/{id}": moderator("Remove a prohibited word", "null"),

  "GET /api/notifications": user("notifications", "The user's notifications", "NotificationPage", {
    query: PageQuerySchema,
  }),
  "GET /api/notifications/unread": user("notifications", "How many notifications are unread", "UnreadNotifications"),
  "PUT /api/notifications/read": user(
    "notifications",
    "Mark notifications read (all without ids)",
    "UnreadNotifications",
    {
      body: MarkNotificationsReadBodySchema,
    },
  ),
  "GET /api/notifications/settings": user("notifications", "Which notifications the user gets", "NotificationSettings"),
  "PUT /api/notifications/settings": user(
    "notifications",
    "Choose which notifications to get",
    "NotificationSettings",
    {
      body: NotificationSettingsSchema,
    },
  ),

  "POST /api/offers": user("offers", "Offer a price for goods", "Offer", { body: CreateOfferBodySchema }),
  "GET /api/offers": user("offers", "Offers in a chat", "ChatTrade", { query: ChatTradeQuerySchema }),
  "POST /api/offers/{id}/accept": user("offers", "Accept an offer: the goods are reserved in a deal", "Offer"),
  "POST /api/offers/{id}/decline": user("offers", "Decline an offer", "Offer"),
  "POST /api/offers/{id}/withdraw": user("offers", "Withdraw one's offer", "Offer"),
  "POST /api/offers/{id}/counter": user("offers", "Answer an offer with another price", "Offer", {
    body: CounterOfferBodySchema,
  }),

  "GET /api/deals": user("deals", "The user's deals as buyer or seller", "DealSummaryPage", {
    query: DealsQuerySchema,
  }),
  "POST /api/deals/{id}/complete": user("deals", "Complete a deal: the goods are sold", "Deal"),
  "POST /api/deals/{id}/cancel": user("deals", "Cancel a deal: the goods are on sale again", "Deal"),
};
