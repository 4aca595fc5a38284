import {
  DEMO_ADDRESSES,
  DEMO_GOODS,
  DEMO_TRADES,
  DEMO_USERS,
  type DemoTrade,
  type DemoUsername,
} from "./demo-goods.js";

export type { DemoUsername };

/**
 * The ids the demo data has on a fresh database, as the seed makes them (`seed.ts`: users, then
 * goods, comments and the demo chat, then the trades, then the address book), each table counting
 * from 1. The API document's examples name them, so a call made from its examples works on a fresh
 * `npm start`; `demo-ids.test.ts` proves each names what it says.
 */
const id = (index: number) => String(index + 1);

/** The demo trades by what they show. */
const TRADES = {
  /** A sale both sides reviewed. */
  bothReviewed: (trade: DemoTrade) => trade.end === "completed" && trade.reviews?.length === 2,
  /** A sale only its buyer reviewed: the seller's review is still to write. */
  reviewedByBuyerOnly: (trade: DemoTrade) => trade.end === "completed" && trade.reviews?.length === 1,
  /** A deal in progress: the goods are reserved for the buyer. */
  reserved: (trade: DemoTrade) => trade.end === "reserved",
  /** An offer waiting for the seller's answer. */
  open: (trade: DemoTrade) => trade.end === "open",
};
type TradeName = keyof typeof TRADES;

const tradeIndex = (name: TradeName) => {
  const index = DEMO_TRADES.findIndex(TRADES[name]);
  if (index < 0) throw new Error(`the demo data has no trade that is ${name}`);
  return index;
};

export const demo = {
  user: (username: DemoUsername) => id(DEMO_USERS.findIndex((user) => user.username === username)),
  /** The goods of DEMO_GOODS at that index. */
  goods: (index: number) => {
    if (!DEMO_GOODS[index]) throw new Error(`no demo goods at ${index}`);
    return id(index);
  },
  /** The seller of the goods at that index. */
  sellerOf: (index: number) => (DEMO_GOODS[index] as DemoGoodsItem).seller,
  /** The demo chat (DEMO_CHAT), opened before any offer's. */
  chat: id(0),
  trade: Object.fromEntries(
    Object.keys(TRADES).map((name) => [name, DEMO_TRADES[tradeIndex(name as TradeName)]]),
  ) as Record<TradeName, DemoTrade>,
  /** Each trade made one offer, in a chat of its own opened after the demo chat. */
  offer: (name: TradeName) => id(tradeIndex(name)),
  tradeChat: (name: TradeName) => id(tradeIndex(name) + 1),
  /** Deals are made by the trades that went past their offer, in their order. */
  deal: (name: TradeName) => {
    const index = DEMO_TRADES.filter((trade) => trade.end !== "open").indexOf(
      DEMO_TRADES[tradeIndex(name)] as DemoTrade,
    );
    if (index < 0) throw new Error(`the ${name} trade made no deal`);
    return id(index);
  },
  address: (username: DemoUsername) => id(Object.keys(DEMO_ADDRESSES).indexOf(username)),
  /**
   * Who calls the console's examples: a demo user made a moderator, as `npm run make-moderator
   * alice` does (the demo data has none).
   */
  moderator: "alice" as DemoUsername,
  /**
   * What an example's call makes first, where the demo data has none yet (an order, a refund, a
   * saved search, a word rule): the first row of its table.
   */
  firstMade: id(0),
};

type DemoGoodsItem = (typeof DEMO_GOODS)[number];
