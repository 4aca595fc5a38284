import type { Chat } from "@xianzhi/contract";
import { useNow } from "../../components/use-now";
import { useGoodsInfoQuery } from "../goods";
import { OfferButton } from "./offer-button";
import { canOfferInChat } from "./offer-rules";
import styles from "./offers.module.css";
import { useChatTradeQuery } from "./offers-api";

const MINUTE = 60_000;

/** 出价 in the input area, for the buyer while the goods can take an offer (offer-rules.ts). */
export function ChatOfferButton({ chat, goodsId, myId }: { chat: Chat; goodsId: string; myId: string }) {
  const { data: trade } = useChatTradeQuery(chat.chatId);
  // The goods as they are now: their seller (the chat names only the peer) and their price.
  const { data: goods } = useGoodsInfoQuery(goodsId);
  const now = useNow(MINUTE);
  const seller = goods && { status: goods.status, sellerId: goods.seller.id };
  if (!goods || !canOfferInChat(trade, seller, myId, now)) return null;
  return <OfferButton goodsId={goodsId} priceCents={goods.priceCents} className={styles.conversationOffer} />;
}
