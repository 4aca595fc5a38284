import { PictureOutlined, ShoppingOutlined } from "@ant-design/icons";
import type { Chat } from "@xianzhi/contract";
import { ChatLimits, GOODS_STATUSES, type MessageType, UploadLimits } from "@xianzhi/contract/constants";
import { Avatar, Button, Input, Spin, Upload } from "antd";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../app/api-error";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { paths } from "../../app/paths";
import { formatPrice } from "../../components/format";
import { message as toast } from "../../components/toasts";
import { useUploadPicture } from "../pictures";
import { ProfileLink } from "../sellers/ui";
import { loadOlderMessages, sendMessage, useSetReadMutation, useThreadQuery } from "./chat-api";
import { MessageBubble, OutgoingBubble } from "./message-bubbles";

function ConversationHeader({ chat }: { chat: Chat }) {
  return (
    <header className="conversation__header">
      <ProfileLink user={chat.peer} className="conversation__peer-link">
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
    </header>
  );
}

/** The button above the messages that loads the page before the oldest one shown. */
function useOlderMessages(chatId: string, oldestId: string | undefined) {
  const dispatch = useAppDispatch();
  const [loading, setLoading] = useState(false);
  const load = async () => {
    if (!oldestId) return;
    setLoading(true);
    try {
      await dispatch(loadOlderMessages(chatId, oldestId));
    } finally {
      setLoading(false);
    }
  };
  return { load, loading };
}

/** One chat, read from its thread in the cache: history loading upwards, live messages, my pending ones. */
export function Conversation({ chat }: { chat: Chat }) {
  const dispatch = useAppDispatch();
  const myId = useAppSelector((state) => state.auth.userInfo.id);
  const { data: thread, isLoading } = useThreadQuery(chat.chatId);
  const [setRead] = useSetReadMutation();
  const [draft, setDraft] = useState("");
  const uploadPicture = useUploadPicture();
  const bottom = useRef<HTMLDivElement>(null);
  const messages = thread?.messages ?? [];
  const outgoing = thread?.outgoing ?? [];
  const older = useOlderMessages(chat.chatId, messages[0]?.id);

  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    if (newestId) void setRead(chat.chatId);
  }, [newestId, chat.chatId, setRead]);
  const lastPending = outgoing.at(-1)?.clientMsgId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message, mine or not, scrolls it into view.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [newestId, lastPending]);

  const send = (type: MessageType, content: string, clientMsgId?: string) =>
    dispatch(sendMessage(chat.chatId, type, content, clientMsgId));

  const sendText = () => {
    const content = draft.trim();
    if (!content) return;
    setDraft("");
    send("text", content);
  };

  const sendPicture = (file: File) => {
    uploadPicture(file, () => {})
      .then((uploaded) => send("image", uploaded.url))
      .catch((error: unknown) => toast.error(errorText(error)));
    return false;
  };

  return (
    <section className="conversation" aria-label={`与${chat.peer.nickname}的聊天`}>
      <ConversationHeader chat={chat} />
      <div className="conversation__messages" aria-live="polite">
        {thread?.hasMore && (
          <Button type="link" onClick={older.load} loading={older.loading} className="conversation__older">
            加载更早的消息
          </Button>
        )}
        {isLoading && <Spin className="conversation__loading" />}
        {messages.map((message) => (
          <MessageBubble key={message.id} chat={chat} message={message} mine={message.senderId === myId} />
        ))}
        {outgoing.map((item) => (
          <OutgoingBubble
            key={item.clientMsgId}
            message={item}
            onRetry={() => send(item.type, item.content, item.clientMsgId)}
          />
        ))}
        <div ref={bottom} />
      </div>
      <footer className="conversation__composer">
        <div className="conversation__tools">
          <Upload accept={UploadLimits.types.join(",")} showUploadList={false} beforeUpload={sendPicture}>
            <Button icon={<PictureOutlined />} aria-label="发送图片" />
          </Upload>
          {chat.goods && (
            <Button
              icon={<ShoppingOutlined />}
              aria-label="发送商品"
              onClick={() => chat.goods && send("goods", chat.goods.id)}
            >
              <span className="conversation__tool-label">发送商品</span>
            </Button>
          )}
        </div>
        <Input.TextArea
          aria-label="输入消息"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={(event) => {
            if (!event.shiftKey) {
              event.preventDefault();
              sendText();
            }
          }}
          placeholder="输入消息，Enter 发送"
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={ChatLimits.textMax}
        />
        <Button type="primary" onClick={sendText} disabled={!draft.trim()}>
          发送
        </Button>
      </footer>
    </section>
  );
}
