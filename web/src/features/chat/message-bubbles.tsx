import type { Chat, ChatMessage } from "@xianzhi/contract";
import type { MessageType } from "@xianzhi/contract/constants";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { formatPrice, formatTime } from "../../components/format";
import { ReloadOutlined } from "../../components/icons";
import { Button, Image } from "../../components/kit";
import { useGoodsInfoQuery } from "../goods";
import { ReportButton } from "../safety/ui";
import styles from "./chat.module.css";
import { readByPeer } from "./chat-messages";
import type { OutgoingMessage } from "./chat-thread";
import { OfferCard } from "./offer-card";
import offerStyles from "./offers.module.css";
import { SafeText, SafetyNotice } from "./safe-text";

function GoodsMessage({ goodsId }: { goodsId: string }) {
  const { data } = useGoodsInfoQuery(goodsId);
  if (!data) return <span>商品 #{goodsId}</span>;
  return (
    <Link to={paths.goodsInfo(goodsId)} className={styles.goodsMessage}>
      {data.coverUrl && <img src={data.coverUrl} alt="" />}
      <span>{data.title}</span>
      <span className={styles.goodsMessagePrice}>{formatPrice(data.priceCents)}</span>
    </Link>
  );
}

/** What a message shows; a text that moves the deal off the product gets its safety notice. */
function Body({ type, content, mine }: { type: MessageType; content: string; mine: boolean }) {
  if (type === "image") return <Image src={content} alt="图片消息" className={styles.bubbleImage} />;
  if (type === "goods") return <GoodsMessage goodsId={content} />;
  return (
    <>
      <SafeText content={content} />
      <SafetyNotice content={content} mine={mine} />
    </>
  );
}

/** Whether the peer has seen one of my messages. */
function ReadMark({ read }: { read: boolean }) {
  return <span className={`${styles.bubbleRead} ${read ? styles.bubbleReadYes : ""}`}>{read ? "已读" : "未读"}</span>;
}

/**
 * A stored message: mine on the right with 已读 / 未读, the peer's with 举报; an offer as its card;
 * a notice the product wrote as a grey line in the middle.
 */
export function MessageBubble({ chat, message, myId }: { chat: Chat; message: ChatMessage; myId: string }) {
  const mine = message.senderId === myId;
  if (message.type === "notice") return <p className={offerStyles.chatNotice}>{message.content}</p>;
  if (message.type === "offer") return <OfferCard chat={chat} offerId={message.content} myId={myId} mine={mine} />;
  return (
    <div className={`${styles.bubble} ${mine ? styles.bubbleMine : ""}`}>
      <Body type={message.type} content={message.content} mine={mine} />
      <span className={styles.bubbleMeta}>
        <time>{formatTime(message.createdAt)}</time>
        {mine ? (
          <ReadMark read={readByPeer(chat, message)} />
        ) : (
          <ReportButton
            targetType="message"
            targetId={message.id}
            className={styles.bubbleReport}
            aria-label="举报这条消息"
          />
        )}
      </span>
    </div>
  );
}

/** What a message waiting for the network says: it is not lost, and needs nothing from the user. */
export const WAITING_FOR_NETWORK = "待发送 · 等待网络";

/**
 * A message of mine not acknowledged yet: 发送中; waiting for the network (it goes out by itself
 * once connected); or why it failed and 重发.
 */
export function OutgoingBubble({ message, onRetry }: { message: OutgoingMessage; onRetry: () => void }) {
  return (
    <div className={`${styles.bubble} ${styles.bubbleMine} ${styles.bubblePending}`}>
      <Body type={message.type} content={message.content} mine />
      {message.status === "sending" ? (
        <span className={styles.bubbleMeta}>发送中…</span>
      ) : message.status === "waiting" ? (
        <span className={styles.bubbleMeta}>{WAITING_FOR_NETWORK}</span>
      ) : (
        <span className={styles.bubbleFailed} role="alert">
          {message.error ?? "发送失败"}
          <Button size="small" type="link" icon={<ReloadOutlined />} onClick={onRetry} className={styles.bubbleRetry}>
            重发
          </Button>
        </span>
      )}
    </div>
  );
}
