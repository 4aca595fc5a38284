import type { Goods } from "@xianzhi/contract";
import { useNavigate } from "react-router";
import { errorText } from "../app/api-error";
import { paths } from "../app/paths";
import { MessageOutlined } from "../components/icons";
import { PlainButton } from "../components/plain-controls";
import { message } from "../components/toasts";
import { isSignedIn } from "../features/accounts";
import { useOpenChatMutation } from "../features/chat";
import { OfferButton } from "../features/chat/ui";
import { FavoriteButton } from "../features/favorites/ui";
import styles from "./buyer-actions.module.css";

/**
 * What someone else does with goods: keep it (收藏), offer an amount (出价, which opens the chat
 * with the offer in it), ask the seller (聊一聊) and buy it at its price with protection (立即购买,
 * which opens checkout). Sold goods can still be kept, but there is nothing left to buy, so the
 * chat button says so and is off; reserved or sold goods take no offer and no purchase (goods
 * reserved for the viewer are paid from the chat's deal bar, where their deal is).
 */
export function BuyerActions({ goods, onNeedSignIn }: { goods: Goods; onNeedSignIn: () => void }) {
  const navigate = useNavigate();
  const [openChat, { isLoading: opening }] = useOpenChatMutation();
  const sold = goods.status === "sold";
  const onSale = goods.status === "on_sale";

  const chatWithSeller = async () => {
    if (!isSignedIn()) return onNeedSignIn();
    const result = await openChat({ peerId: goods.seller.id, goodsId: goods.id });
    if ("error" in result) message.error(errorText(result.error));
    else navigate(`${paths.chat}?chatId=${result.data.chatId}`);
  };
  const buyNow = () => (isSignedIn() ? navigate(paths.checkout(goods.id)) : onNeedSignIn());
  return (
    <>
      <span className={onSale ? styles.buyerActionsMini : undefined}>
        <FavoriteButton goodsId={goods.id} onNeedSignIn={onNeedSignIn} />
      </span>
      <PlainButton
        large
        primary={!onSale}
        className={onSale ? styles.buyerActionsMini : undefined}
        icon={<MessageOutlined />}
        onClick={chatWithSeller}
        loading={opening}
        disabled={sold}
      >
        {sold ? "已售出" : "聊一聊"}
      </PlainButton>
      {onSale && (
        <OfferButton
          large
          className={styles.buyerActionsCompact}
          goodsId={goods.id}
          priceCents={goods.priceCents}
          onNeedSignIn={onNeedSignIn}
          onOffered={(offer) => navigate(`${paths.chat}?chatId=${offer.chatId}`)}
        />
      )}
      {onSale && (
        <PlainButton large primary className={styles.buyerActionsCompact} onClick={buyNow}>
          立即购买
        </PlainButton>
      )}
    </>
  );
}
