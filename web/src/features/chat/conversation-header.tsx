import type { Chat } from "@xianzhi/contract";
import { GOODS_STATUSES } from "@xianzhi/contract/constants";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { formatPrice } from "../../components/format";
import { Avatar } from "../../components/kit";
import { ProfileLink, ProfileLinkName } from "../../components/profile-link";
import { BlockButton, ReportButton } from "../safety/ui";
import styles from "./chat.module.css";
import { DealBar } from "./deal-bar";

/**
 * Who the chat is with (举报 and 拉黑 them), the goods it is about, and under them the deal, once
 * there is one.
 */
export function ConversationHeader({ chat, myId }: { chat: Chat; myId: string }) {
  return (
    <>
      <header className={styles.conversationHeader}>
        <ProfileLink user={chat.peer} to={paths.user(chat.peer.id)} className={styles.conversationPeerLink}>
          <Avatar src={chat.peer.avatarUrl || undefined}>{chat.peer.nickname.slice(0, 1)}</Avatar>
          <ProfileLinkName className={styles.conversationPeer}>{chat.peer.nickname}</ProfileLinkName>
        </ProfileLink>
        {chat.goods && (
          <Link to={paths.goodsInfo(chat.goods.id)} className={styles.conversationGoods}>
            {chat.goods.coverUrl && <img src={chat.goods.coverUrl} alt="" />}
            <span className={styles.conversationGoodsTitle}>{chat.goods.title}</span>
            <strong>{formatPrice(chat.goods.priceCents)}</strong>
            {chat.goods.status !== "on_sale" && (
              <em className={styles.conversationGoodsStatus}>{GOODS_STATUSES[chat.goods.status]}</em>
            )}
          </Link>
        )}
        <div className={styles.conversationSafety}>
          <ReportButton targetType="user" targetId={chat.peer.id} aria-label={`举报 ${chat.peer.nickname}`} />
          <BlockButton user={chat.peer} />
        </div>
      </header>
      <DealBar chat={chat} myId={myId} />
    </>
  );
}
