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

/**
 * What someone else does with goods: keep it (收藏), offer an amount (出价, which opens the chat
 * with the offer in it) and ask the seller (聊一聊). Sold goods can still be kept, but there is
 * nothing left to buy, so the chat button says so and is off; reserved or sold goods take no offer.
 */
export function BuyerActions({ goods, onNeedSignIn }: { goods: Goods; onNeedSignIn: () => void }) {
  const navigate = useNavigate();
  const [openChat, { isLoading: opening }] = useOpenChatMutation();
  const sold = goods.status === "sold";

  const chatWithSeller = async () => {
    if (!isSignedIn()) return onNeedSignIn();
    const result = await openChat({ peerId: goods.seller.id, goodsId: goods.id });
    if ("error" in result) message.error(errorText(result.error));
    else navigate(`${paths.chat}?chatId=${result.data.chatId}`);
  };
  return (
    <>
      <FavoriteButton goodsId={goods.id} onNeedSignIn={onNeedSignIn} />
      {goods.status === "on_sale" && (
        <OfferButton
          large
          goodsId={goods.id}
          priceCents={goods.priceCents}
          onNeedSignIn={onNeedSignIn}
          onOffered={(offer) => navigate(`${paths.chat}?chatId=${offer.chatId}`)}
        />
      )}
      <PlainButton large primary icon={<MessageOutlined />} onClick={chatWithSeller} loading={opening} disabled={sold}>
        {sold ? "已售出" : "聊一聊"}
      </PlainButton>
    </>
  );
}
