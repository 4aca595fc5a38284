import type { ColumnType, Generated } from "kysely";

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
  /** Where the payment provider pays them as a seller (an Alipay account; migration 0033), null until set. */
  payoutAccount: Generated<string | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  /** The User-Agent it signed in with; "" when none was sent. */
  userAgent: Generated<string>;
  /** The address it signed in from. */
  ip: Generated<string>;
  /** When it was last used, written at most every SESSION_SEEN_STEP; null: not since it began. */
  lastSeenAt: Timestamp | null;
  /** When its user last proved it is them (身份验证, migration 0042); null: not since it began. */
  provenAt: Generated<Timestamp | null>;
  /** What that proof was (a ProofMethod, migration 0043): switching 仅通行密钥登录 on needs a passkey's. */
  provenBy: Generated<string | null>;
}

/** 两步验证: an account's TOTP secret; enabledAt null while it waits for its first code. */
export interface TwoStepSecretsTable {
  userId: number;
  secret: string;
  createdAt: Timestamp;
  enabledAt: Timestamp | null;
  /** The time step of the last code accepted; none older or equal is accepted after it. */
  lastStep: number | null;
  /** Wrong codes since the last right one or the last lock. */
  failures: Generated<number>;
  lockedUntil: Timestamp | null;
}

export interface TwoStepRecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  usedAt: Timestamp | null;
}

/** An account's WebAuthn user handle and its 仅通行密钥登录 switch (migration 0043). */
export interface PasskeyAccountsTable {
  userId: number;
  userHandle: string;
  passkeyOnlyAt: Timestamp | null;
}

/** One passkey of an account (migration 0043). */
export interface PasskeysTable {
  id: Generated<number>;
  userId: number;
  /** base64url, as the browser names it. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** bigint: PostgreSQL answers it as a string. */
  counter: ColumnType<number | string, number, number>;
  /** JSON array of the transports the browser reported. */
  transports: string;
  deviceType: string;
  /** 1 when backed up (synced by a password manager). */
  backedUp: number;
  name: string;
  createdAt: Timestamp;
  lastUsedAt: Timestamp | null;
}

/** A ceremony in flight: one use, five minutes (migration 0043). */
export interface WebauthnChallengesTable {
  idHash: string;
  challenge: string;
  purpose: string;
  sessionId: number | null;
  userId: number | null;
  expiresAt: Timestamp;
}

/** A device an account has signed in from (新设备登录提醒, migration 0044). */
export interface KnownDevicesTable {
  id: Generated<number>;
  userId: number;
  /** The hash of its device cookie. */
  deviceHash: string;
  userAgent: string;
  /** Its address with the last part hidden. */
  network: string;
  /** 1: vouches for its cookie on its own network only; 0: anywhere. */
  bound: Generated<number>;
  firstSeenAt: Timestamp;
  lastSeenAt: Timestamp;
}

/** The link of a new-device alert: ends that session and starts a reset (migration 0044). */
export interface DeviceAlertsTable {
  tokenHash: string;
  userId: number;
  sessionId: number;
  /** The device's cookie hash: forgotten when the owner says it was not them. */
  deviceHash: string;
  /** The passkey it signed in with: removed then too. */
  passkeyId: number | null;
  expiresAt: Timestamp;
}

/** What a right password hands out when the account has a second step: one use, five minutes. */
export interface TwoStepTicketsTable {
  ticketHash: string;
  userId: number;
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
  /** The protected order paying it (migration 0033); null for a deal settled outside the product. */
  orderId: Generated<number | null>;
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
  /** The order it is about (migration 0033). */
  orderId: Generated<number | null>;
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
  /** Comma-separated PUSH_KINDS keys the user switched off (migration 0045). */
  pushMuted: Generated<string>;
}

/** A device subscribed to Web Push, for as long as the session that subscribed it (migration 0045). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  endpoint: string;
  userId: number;
  sessionId: number;
  p256dh: string;
  auth: string;
  userAgent: Generated<string>;
  createdAt: Timestamp;
  lastSuccessAt: Timestamp | null;
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

export interface AddressesTable {
  id: Generated<number>;
  userId: number;
  recipientName: string;
  phone: string;
  region: string;
  street: string;
  isDefault: number;
  createdAt: Timestamp;
}

/** A protected order (migration 0033; ORDER_PROCESS in the contract). */
export interface OrdersTable {
  id: Generated<number>;
  goodsId: number | null;
  goodsTitle: string;
  dealId: number;
  chatId: number | null;
  buyerId: number;
  sellerId: number;
  status: string;
  priceCents: number;
  feeCents: number;
  totalCents: number;
  delivery: string;
  /** The checkout's address as JSON (OrderAddress), null for 面交. */
  address: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  pickupCode: string | null;
  pickupFailures: Generated<number>;
  provider: string;
  paymentRef: string;
  payUrl: string | null;
  cancelRequestedAt: Timestamp | null;
  extended: Generated<number>;
  dueAt: Timestamp | null;
  dueTransition: string | null;
  remindAt: Timestamp | null;
  closeReason: string | null;
  /**
   * release | refund | split: owed at the provider; null when nothing is. split: the agreed refund
   * (refunds.refund_cents) goes back to the buyer, the rest to the seller.
   */
  settlement: string | null;
  /** open while a refund request is (the receiving timer is paused), ended after; null before any. */
  afterSale: string | null;
  /** How long refund requests held the receiving timer: its deadline moves by this much. */
  receivePausedMs: Generated<number>;
  /** What an after-sale refund gives back (all that was paid, or part); null without one. */
  refundCents: number | null;
  /** How often the provider failed to move what is owed; past SETTLE_RETRY.attempts it waits for a moderator. */
  settleAttempts: Generated<number>;
  /** When the owed money is tried again; null: at the next run. */
  settleAfter: Timestamp | null;
  /** When the provider last failed to move it; null before any failure. */
  settleTriedAt: Timestamp | null;
  createdAt: Timestamp;
  paidAt: Timestamp | null;
  shippedAt: Timestamp | null;
  completedAt: Timestamp | null;
  closedAt: Timestamp | null;
}

export interface OrderEventsTable {
  id: Generated<number>;
  orderId: number;
  transition: string;
  actor: string;
  status: string;
  note: string;
  idempotencyKey: string;
  ledgerTransactionId: number | null;
  createdAt: Timestamp;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  idempotencyKey: string;
  kind: string;
  orderId: number | null;
  createdAt: Timestamp;
}

export interface LedgerPostingsTable {
  id: Generated<number>;
  transactionId: number;
  account: string;
  amountCents: number;
}

export interface PaymentWebhookEventsTable {
  id: Generated<number>;
  provider: string;
  eventId: string;
  paymentRef: string;
  type: string;
  receivedAt: Timestamp;
}

/** The sandbox provider's own books (features/payments/sandbox): what a real provider keeps. */
export interface SandboxPaymentsTable {
  id: string;
  merchantRef: string;
  subject: string;
  amountCents: number;
  status: string;
  heldCents: Generated<number>;
  refundedCents: Generated<number>;
  releasedCents: Generated<number>;
  mode: string;
  refundFailures: Generated<number>;
  returnUrl: string;
  createdAt: Timestamp;
  paidAt: Timestamp | null;
}

export interface RefundsTable {
  id: Generated<number>;
  orderId: number;
  buyerId: number;
  sellerId: number;
  kind: string;
  reason: string;
  status: string;
  amountCents: number;
  offeredCents: number | null;
  refundCents: number | null;
  /** JSON (OrderAddress). */
  returnAddress: string | null;
  returnCarrier: string | null;
  returnTrackingNumber: string | null;
  dueAt: Timestamp | null;
  dueTransition: string | null;
  ruling: string | null;
  rulingReason: string | null;
  ruledBy: number | null;
  ruledAt: Timestamp | null;
  createdAt: Timestamp;
  disputedAt: Timestamp | null;
  endedAt: Timestamp | null;
  /** The transition that ended it (a RefundTransition); null while it runs. */
  endedBy: string | null;
}

export interface RefundWordsTable {
  id: Generated<number>;
  refundId: number;
  side: string;
  kind: string;
  text: string;
  /** JSON array of file ids. */
  fileIds: string;
  createdAt: Timestamp;
}

export interface RefundPicturesTable {
  fileId: string;
  refundId: number;
}

export interface ReconciliationsTable {
  /** YYYY-MM-DD, Beijing time. */
  day: string;
  provider: string;
  /** done | no_statement */
  outcome: string;
  matched: number;
  mismatched: number;
  ranAt: Timestamp;
  /** The kinds of movement the provider's bill does not list, space-separated; "" for none. */
  uncheckedKinds: Generated<string>;
}

export interface ReconciliationMismatchesTable {
  id: Generated<number>;
  day: string;
  /** pay | refund | release */
  kind: string;
  paymentRef: string;
  /** missing_in_ledger | missing_at_provider | amount_differs */
  problem: string;
  ledgerCents: number | null;
  providerCents: number | null;
}

export interface SandboxOperationsTable {
  key: string;
  paymentId: string;
  kind: string;
  amountCents: number;
  createdAt: Timestamp;
}

export interface SandboxWebhooksTable {
  id: Generated<number>;
  paymentId: string;
  eventId: string;
  body: string;
  dueAt: Timestamp;
  attempts: Generated<number>;
  deliveredAt: Timestamp | null;
  lastError: string | null;
}

export interface DB {
  addresses: AddressesTable;
  orders: OrdersTable;
  orderEvents: OrderEventsTable;
  ledgerTransactions: LedgerTransactionsTable;
  ledgerPostings: LedgerPostingsTable;
  paymentWebhookEvents: PaymentWebhookEventsTable;
  sandboxPayments: SandboxPaymentsTable;
  sandboxOperations: SandboxOperationsTable;
  reconciliations: ReconciliationsTable;
  refunds: RefundsTable;
  refundWords: RefundWordsTable;
  refundPictures: RefundPicturesTable;
  reconciliationMismatches: ReconciliationMismatchesTable;
  sandboxWebhooks: SandboxWebhooksTable;
  moderationLog: ModerationLogTable;
  wordRules: WordRulesTable;
  blocks: BlocksTable;
  reports: ReportsTable;
  follows: FollowsTable;
  savedSearches: SavedSearchesTable;
  savedSearchCursor: SavedSearchCursorTable;
  notifications: NotificationsTable;
  notificationSettings: NotificationSettingsTable;
  pushSubscriptions: PushSubscriptionsTable;
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
  twoStepSecrets: TwoStepSecretsTable;
  twoStepRecoveryCodes: TwoStepRecoveryCodesTable;
  twoStepTickets: TwoStepTicketsTable;
  passkeyAccounts: PasskeyAccountsTable;
  passkeys: PasskeysTable;
  webauthnChallenges: WebauthnChallengesTable;
  knownDevices: KnownDevicesTable;
  deviceAlerts: DeviceAlertsTable;
  captchas: CaptchasTable;
  captchaTickets: CaptchaTicketsTable;
  emailCodes: EmailCodesTable;
  emailTickets: EmailTicketsTable;
}
