import type { Chat } from "@xianzhi/contract";
import { GOODS_STATUSES } from "@xianzhi/contract/constants";
import { Avatar } from "antd";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { formatPrice } from "../../components/format";
import { ProfileLink } from "../../components/profile-link";
import { BlockButton, ReportButton } from "../safety/ui";
import { DealBar } from "./deal-bar";

/**
 * Who the chat is with (举报 and 拉黑 them), the goods it is about, and under them the deal, once
 * there is one.
 */
export function ConversationHeader({ chat, myId }: { chat: Chat; myId: string }) {
  return (
    <>
      <header className="conversation__header">
        <ProfileLink user={chat.peer} to={paths.user(chat.peer.id)} className="conversation__peer-link">
          <Avatar src={chat.peer.avatarUrl || undefined}>{chat.peer.nickname.slice(0, 1)}</Avatar>
          <span className="conversation__peer profile-link__name">{chat.peer.nickname}</span>
        </ProfileLink>
        {chat.goods && (
          <Link to={paths.goodsInfo(chat.goods.id)} className="conversation__goods">
            {chat.goods.coverUrl && <img src={chat.goods.coverUrl} alt="" />}
            <span className="conversation__goods-title">{chat.goods.title}</span>
            <strong>{formatPrice(chat.goods.priceCents)}</strong>
            {chat.goods.status !== "on_sale" && (
              <em className="conversation__goods-status">{GOODS_STATUSES[chat.goods.status]}</em>
            )}
          </Link>
        )}
        <div className="conversation__safety">
          <ReportButton targetType="user" targetId={chat.peer.id} aria-label={`举报 ${chat.peer.nickname}`} />
          <BlockButton user={chat.peer} />
        </div>
      </header>
      <DealBar chat={chat} myId={myId} />
    </>
  );
}
