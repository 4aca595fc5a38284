import { PublicUserSchema } from "./accounts.js";
import { IdSchema, text } from "./fields.js";
import { GoodsStatusSchema } from "./goods.js";
import type { Notification } from "./notifications.js";
import type { Deal, Offer } from "./trade.js";
import { ChatLimits, MESSAGE_TYPES, SENDABLE_MESSAGE_TYPES } from "./values/chat.js";
import type { OrderStatus } from "./values/orders.js";
import { z } from "./zod.js";

export const CreateChatBodySchema = z.object({ peerId: IdSchema, goodsId: IdSchema.nullish() });
export type CreateChatBody = z.infer<typeof CreateChatBodySchema>;

export const SetReadBodySchema = z.object({ chatId: IdSchema });
export type SetReadBody = z.infer<typeof SetReadBodySchema>;

export const ChatHistoryQuerySchema = z.object({
  chatId: IdSchema,
  before: IdSchema.optional(),
  pageSize: z.coerce.number().int().min(1).max(ChatLimits.historyPageSizeMax).default(ChatLimits.historyPageSize),
});
export type ChatHistoryQuery = z.infer<typeof ChatHistoryQuerySchema>;

export const MessageTypeSchema = z.enum(MESSAGE_TYPES);

export const ChatMessageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  senderId: z.string(),
  type: MessageTypeSchema,
  content: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatGoodsSchema = z.object({
  id: z.string(),
  title: z.string(),
  priceCents: z.number(),
  coverUrl: z.string().nullable(),
  status: GoodsStatusSchema,
});
export type ChatGoods = z.infer<typeof ChatGoodsSchema>;

export const ChatSchema = z.object({
  chatId: z.string(),
  peer: PublicUserSchema,
  goods: ChatGoodsSchema.nullable(),
  lastMessage: ChatMessageSchema.nullable(),
  unreadCount: z.number(),
  peerReadUpTo: z
    .string()
    .nullable()
    .describe('Id of the newest message the peer has read (null before the first): the sender\'s "已读".'),
  updatedAt: z.string(),
});
export type Chat = z.infer<typeof ChatSchema>;

export const ChatHistorySchema = z
  .object({
    list: z.array(ChatMessageSchema),
    hasMore: z.boolean().describe("Whether older messages remain, to ask for with before = the last id of this list."),
  })
  .describe("What the history call answers: newest first, older than `before`.");
export type ChatHistory = z.infer<typeof ChatHistorySchema>;

export const SendFrameSchema = z.object({
  type: z.literal("send"),
  chatId: IdSchema,
  msgType: z.enum(SENDABLE_MESSAGE_TYPES),
  content: text().trim().min(1).max(ChatLimits.textMax),
  clientMsgId: text().min(1).max(64),
});
export const PingFrameSchema = z.object({ type: z.literal("ping") });
export const ClientFrameSchema = z.discriminatedUnion("type", [SendFrameSchema, PingFrameSchema]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;
export type SendFrame = z.infer<typeof SendFrameSchema>;

export type ServerFrame =
  | { type: "ack"; clientMsgId: string; message: ChatMessage }
  | { type: "message"; message: ChatMessage }
  /** `userId` has read the chat up to message `readUpTo` ("0" when it has none). */
  | { type: "read"; chatId: string; userId: string; readUpTo: string }
  | { type: "error"; code: number; msg: string; clientMsgId?: string }
  /** An offer in one of the member's chats was made or changed (accepted, declined, countered, withdrawn, expired). */
  | { type: "offer"; offer: Offer }
  /** A deal between the member and the peer started, was completed or was cancelled. */
  | { type: "deal"; deal: Deal }
  /** A protected order of the member's moved on: GET /orders/{orderId} has it as the member sees it. */
  | { type: "order"; orderId: string; status: OrderStatus }
  /** Something the user is told of (notifications.ts), with their unread count after it. */
  | { type: "notification"; notification: Notification; unreadCount: number }
  | { type: "pong" };
