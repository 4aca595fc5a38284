import type { Generated } from "kysely";

/** Times are ISO-8601 UTC strings in both databases: they sort as text and need no per-dialect parsing. */
type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  usernameLower: string;
  email: string;
  passwordHash: string;
  nickname: string;
  avatarUrl: string | null;
  bio: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** How many favourites the user keeps, kept by triggers on favorites (migration 0013). */
  favoriteCount: Generated<number>;
  /** "user", or "moderator" (made by `npm run make-moderator`, migration 0023). */
  role: Generated<string>;
  /** When the owner closed the account (migration 0026); null while it is open. */
  deletedAt: Generated<Timestamp | null>;
  /** When a closed account's username and e-mail were freed, 30 days after `deletedAt`. */
  purgedAt: Generated<Timestamp | null>;
  /** The end of the user's suspension (SUSPENDED_FOREVER for good), null when not suspended (0025). */
  suspendedUntil: Generated<string | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  expiresAt: Timestamp;
}

export interface CaptchaTicketsTable {
  ticketHash: string;
  expiresAt: Timestamp;
}

export interface EmailCodesTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  codeHash: string;
  tries: number;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

export interface EmailTicketsTable {
  ticketHash: string;
  email: string;
  purpose: string;
  expiresAt: Timestamp;
}

export interface GoodsTable {
  id: Generated<number>;
  sellerId: number;
  title: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  category: string;
  condition: string;
  location: string;
  status: string;
  listed: number;
  /** public, or hidden | held | suspended: seen by the owner alone (migration 0025). */
  visibility: Generated<string>;
  moderationReason: string | null;
  viewCount: Generated<number>;
  favCount: Generated<number>;
  commentCount: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface GoodsStatsTable {
  category: string;
  listedCount: number;
}

export interface PicturesTable {
  id: Generated<number>;
  fileId: string;
  ownerId: number;
  goodsId: number | null;
  position: Generated<number>;
  width: number;
  height: number;
  /** Bytes on disk, web size and thumbnail together: what counts against the owner's quota. */
  bytes: number;
  createdAt: Timestamp;
}

export interface CommentsTable {
  id: Generated<number>;
  goodsId: number;
  userId: number;
  content: string;
  replyToId: number | null;
  createdAt: Timestamp;
}

export interface FavoritesTable {
  userId: number;
  goodsId: number;
  createdAt: Timestamp;
  /** The goods' price when they were made a favourite (migration 0017): what "降价 ¥X" counts from. */
  favoritedPriceCents: number;
}

/** SQLite only: the FTS5 index over goods titles and descriptions. */
export interface GoodsFtsTable {
  rowid: number;
  title: string;
  description: string;
  goodsFts: string;
}

export interface ChatsTable {
  id: Generated<number>;
  pairKey: string;
  goodsId: number | null;
  lastMessageId: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ChatMembersTable {
  chatId: number;
  userId: number;
  peerId: number;
  unreadCount: Generated<number>;
  /** Id of the newest message this member has read; 0 before the first. */
  readUpTo: Generated<number>;
  updatedAt: Timestamp;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  /** "user:<id>" for an account that exists, else "name:<what was typed, lower case>". */
  accountKey: string;
  ip: string;
  failedAt: Timestamp;
}

export interface MessagesTable {
  id: Generated<number>;
  chatId: number;
  senderId: number;
  type: string;
  content: string;
  clientMsgId: string;
  createdAt: Timestamp;
}

export interface OffersTable {
  id: Generated<number>;
  goodsId: number;
  chatId: number;
  buyerId: number;
  sellerId: number;
  fromUserId: number;
  amountCents: number;
  status: string;
  replacesId: number | null;
  dealId: number | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  decidedAt: Timestamp | null;
  remindedAt: Timestamp | null;
}

export interface DealsTable {
  id: Generated<number>;
  goodsId: number | null;
  goodsTitle: string;
  chatId: number | null;
  offerId: number;
  buyerId: number;
  sellerId: number;
  priceCents: number;
  status: string;
  createdAt: Timestamp;
  completedAt: Timestamp | null;
  cancelledAt: Timestamp | null;
  cancelledBy: number | null;
}

export interface ReviewsTable {
  id: Generated<number>;
  dealId: number;
  reviewerId: number;
  revieweeId: number;
  revieweeRole: string;
  rating: number;
  content: string;
  createdAt: Timestamp;
  /** The end of the review window, or when the other side wrote theirs if sooner (migration 0018). */
  visibleFrom: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  userId: number;
  kind: string;
  actorId: number | null;
  goodsId: number | null;
  chatId: number | null;
  dealId: number | null;
  savedSearchId: number | null;
  amountCents: number | null;
  excerpt: string;
  createdAt: Timestamp;
  readAt: Timestamp | null;
}

export interface NotificationSettingsTable {
  userId: number;
  /** Comma-separated NOTIFICATION_GROUPS keys the user turned off. */
  mutedGroups: Generated<string>;
  emailDigest: Generated<number>;
  digestSentAt: Timestamp | null;
}

export interface FollowsTable {
  followerId: number;
  sellerId: number;
  createdAt: Timestamp;
}

export interface SavedSearchesTable {
  id: Generated<number>;
  userId: number;
  name: string;
  /** The contract's SearchCriteria as JSON, keys in one order. */
  criteria: string;
  createdAt: Timestamp;
  notifiedAt: Timestamp | null;
  pendingCount: Generated<number>;
  pendingGoodsId: number | null;
}

export interface SavedSearchCursorTable {
  id: number;
  lastGoodsId: number;
}

export interface ReportsTable {
  id: Generated<number>;
  reporterId: number;
  targetType: string;
  targetId: number;
  targetUserId: number | null;
  reason: string;
  text: string;
  status: string;
  createdAt: Timestamp;
  closedAt: Timestamp | null;
  closedBy: number | null;
}

export interface BlocksTable {
  blockerId: number;
  blockedId: number;
  createdAt: Timestamp;
}

export interface ModerationLogTable {
  id: Generated<number>;
  moderatorId: number | null;
  action: string;
  targetType: string;
  targetId: number;
  targetUserId: number | null;
  reason: string;
  days: number | null;
  resolvedReports: number;
  createdAt: Timestamp;
}

export interface WordRulesTable {
  id: Generated<number>;
  word: string;
  action: string;
  createdBy: number | null;
  createdAt: Timestamp;
}

export interface DB {
  moderationLog: ModerationLogTable;
  wordRules: WordRulesTable;
  blocks: BlocksTable;
  reports: ReportsTable;
  follows: FollowsTable;
  savedSearches: SavedSearchesTable;
  savedSearchCursor: SavedSearchCursorTable;
  notifications: NotificationsTable;
  notificationSettings: NotificationSettingsTable;
  offers: OffersTable;
  deals: DealsTable;
  reviews: ReviewsTable;
  chats: ChatsTable;
  chatMembers: ChatMembersTable;
  messages: MessagesTable;
  loginFailures: LoginFailuresTable;
  goods: GoodsTable;
  goodsStats: GoodsStatsTable;
  pictures: PicturesTable;
  comments: CommentsTable;
  favorites: FavoritesTable;
  goodsFts: GoodsFtsTable;
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  captchaTickets: CaptchaTicketsTable;
  emailCodes: EmailCodesTable;
  emailTickets: EmailTicketsTable;
}
