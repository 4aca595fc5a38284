import { UserInfoSchema } from "./accounts.js";
import { MessageTypeSchema } from "./chat.js";
import { text } from "./fields.js";
import { ConditionSchema, GoodsStatusSchema, SearchCriteriaSchema } from "./goods.js";
import { DealStatusSchema, OfferStatusSchema } from "./trade.js";
import { AccountLimits } from "./values/accounts.js";
import { z } from "./zod.js";

/** POST /user/delete: the current password, so a signed-in browser left open cannot close the account. */
export const DeleteAccountBodySchema = z.object({
  password: text().min(1).max(AccountLimits.passwordMax),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

export const ExportedGoodsSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  priceCents: z.number(),
  originalPriceCents: z.number().nullable(),
  category: z.string(),
  condition: ConditionSchema,
  location: z.string(),
  status: GoodsStatusSchema,
  viewCount: z.number(),
  favCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  pictures: z.array(z.object({ url: z.string(), thumbUrl: z.string() })),
});
export type ExportedGoods = z.infer<typeof ExportedGoodsSchema>;

export const ExportedChatSchema = z.object({
  chatId: z.string(),
  peer: z.object({ id: z.string(), nickname: z.string() }),
  goods: z.object({ id: z.string(), title: z.string() }).nullable(),
  createdAt: z.string(),
  messages: z.array(
    z.object({
      id: z.string(),
      fromMe: z.boolean(),
      type: MessageTypeSchema,
      content: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type ExportedChat = z.infer<typeof ExportedChatSchema>;

const PartySchema = z.enum(["buyer", "seller"]);

export const DataExportSchema = z
  .object({
    exportedAt: z.string(),
    profile: UserInfoSchema.omit({ role: true }),
    goods: z
      .array(ExportedGoodsSchema)
      .describe("Every goods item they posted, whatever its status, with its pictures' addresses."),
    comments: z
      .array(
        z.object({
          id: z.string(),
          goodsId: z.string(),
          goodsTitle: z.string(),
          content: z.string(),
          replyToId: z.string().nullable(),
          createdAt: z.string(),
        }),
      )
      .describe("Comments they wrote, on anyone's goods."),
    favorites: z.array(
      z.object({
        goodsId: z.string(),
        title: z.string(),
        priceCents: z.number(),
        favoritedPriceCents: z.number(),
        createdAt: z.string(),
      }),
    ),
    chats: z
      .array(ExportedChatSchema)
      .describe("Their chats, each with every message, oldest first; `fromMe` tells their own."),
    offers: z.array(
      z.object({
        id: z.string(),
        goodsId: z.string(),
        chatId: z.string(),
        role: PartySchema,
        fromMe: z.boolean(),
        amountCents: z.number(),
        status: OfferStatusSchema,
        createdAt: z.string(),
        decidedAt: z.string().nullable(),
      }),
    ),
    deals: z.array(
      z.object({
        id: z.string(),
        goodsId: z.string().nullable(),
        goodsTitle: z.string(),
        role: PartySchema,
        priceCents: z.number(),
        status: DealStatusSchema,
        createdAt: z.string(),
        completedAt: z.string().nullable(),
        cancelledAt: z.string().nullable(),
      }),
    ),
    reviews: z
      .array(
        z.object({
          id: z.string(),
          dealId: z.string(),
          direction: z.enum(["written", "received"]),
          rating: z.number(),
          content: z.string(),
          createdAt: z.string(),
        }),
      )
      .describe("Reviews they wrote (`written`) and were given (`received`)."),
    follows: z.array(z.object({ sellerId: z.string(), nickname: z.string(), createdAt: z.string() })),
    savedSearches: z.array(
      z.object({ id: z.string(), name: z.string(), criteria: SearchCriteriaSchema, createdAt: z.string() }),
    ),
  })
  .describe(
    "GET /user/export: everything the account holds, as one JSON file (the envelope, its `data` this). Ids are strings and times ISO-8601 UTC, as everywhere in the API; money in fen.",
  );
export type DataExport = z.infer<typeof DataExportSchema>;
