import { PictureOutlined, ReloadOutlined, ShoppingOutlined } from "@ant-design/icons";
import {
  type Chat,
  ChatLimits,
  type ChatMessage,
  GOODS_STATUSES,
  type MessageType,
  UploadLimits,
} from "@xianzhi/contract";
import { App, Avatar, Button, Image, Input, Spin, Upload } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../app/api-error";
import { useAppSelector } from "../../app/hooks";
import { paths } from "../../app/paths";
import { formatPrice, formatTime } from "../../components/format";
import { useGoodsInfoQuery } from "../goods";
import { useUploadPicture } from "../pictures";
import { useLazyHistoryQuery, useSetReadMutation } from "./chat-api";
import { readByPeer } from "./chat-messages";
import { sendOverSocket } from "./chat-socket";

interface Outgoing {
  clientMsgId: string;
  type: MessageType;
  content: string;
  status: "sending" | "failed";
  error?: string;
}

function GoodsMessage({ goodsId }: { goodsId: string }) {
  const { data } = useGoodsInfoQuery(goodsId);
  if (!data) return <span>商品 #{goodsId}</span>;
  return (
    <Link to={paths.goodsInfo(goodsId)} className="goods-message">
      {data.coverUrl && <img src={data.coverUrl} alt="" />}
      <span className="goods-message__title">{data.title}</span>
      <span className="goods-message__price">{formatPrice(data.priceCents)}</span>
    </Link>
  );
}

function Body({ type, content }: { type: MessageType; content: string }) {
  if (type === "image") return <Image src={content} alt="图片消息" className="bubble__image" />;
  if (type === "goods") return <GoodsMessage goodsId={content} />;
  return <span className="bubble__text">{content}</span>;
}

/** Whether the peer has seen one of my messages. */
function ReadMark({ read }: { read: boolean }) {
  return <span className={`bubble__read ${read ? "bubble__read--yes" : ""}`}>{read ? "已读" : "未读"}</span>;
}

/** One chat: history loading upwards, live messages, and sending with pending, failed and retry. */
export function Conversation({ chat }: { chat: Chat }) {
  const { message: toast } = App.useApp();
  const uploadPicture = useUploadPicture();
  const myId = useAppSelector((state) => state.auth.userInfo.id);
  const socket = useAppSelector((state) => state.chat.connection);
  const live = useAppSelector((state) => state.chat.messages[chat.chatId]);
  const [loadHistory, { isFetching }] = useLazyHistoryQuery();
  const [setRead] = useSetReadMutation();
  const [history, setHistory] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [draft, setDraft] = useState("");
  const bottom = useRef<HTMLDivElement>(null);

  const loadOlder = useCallback(
    async (before?: string) => {
      const result = await loadHistory({ chatId: chat.chatId, before, pageSize: ChatLimits.historyPageSize });
      if (!result.data) return;
      const older = [...result.data.list].reverse();
      setHistory((current) => (before ? [...older, ...current] : older));
      setHasMore(result.data.hasMore);
    },
    [chat.chatId, loadHistory],
  );

  useEffect(() => {
    setHistory([]);
    setOutgoing([]);
    void loadOlder();
  }, [loadOlder]);

  // After the socket comes back, what arrived while it was down is read from the history, page by
  // page back to the newest message this screen already has.
  const newestKnown = useRef(0);
  const connectionStatus = useAppSelector((state) => state.chat.connectionStatus);
  const wasDown = useRef(false);
  useEffect(() => {
    if (connectionStatus !== "open") {
      wasDown.current = true;
      return;
    }
    if (!wasDown.current) return;
    wasDown.current = false;
    void (async () => {
      const missed: ChatMessage[] = [];
      let before: string | undefined;
      for (;;) {
        const page = await loadHistory({ chatId: chat.chatId, before, pageSize: ChatLimits.historyPageSize });
        if (!page.data) return;
        missed.push(...page.data.list);
        const last = page.data.list.at(-1);
        if (!page.data.hasMore || !last || Number(last.id) <= newestKnown.current) break;
        before = last.id;
      }
      setHistory((current) => [...current, ...missed]);
    })();
  }, [connectionStatus, chat.chatId, loadHistory]);

  const messages = useMemo(() => {
    const byId = new Map<string, ChatMessage>();
    for (const message of [...history, ...(live ?? [])]) byId.set(message.id, message);
    return [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id));
  }, [history, live]);

  const newestId = messages.at(-1)?.id;
  newestKnown.current = Number(newestId ?? 0);
  useEffect(() => {
    if (newestId) void setRead(chat.chatId);
    bottom.current?.scrollIntoView({ block: "end" });
  }, [newestId, chat.chatId, setRead]);

  const send = async (type: MessageType, content: string, clientMsgId: string = crypto.randomUUID()) => {
    setOutgoing((list) => [
      ...list.filter((item) => item.clientMsgId !== clientMsgId),
      { clientMsgId, type, content, status: "sending" },
    ]);
    try {
      await sendOverSocket(socket, chat.chatId, type, content, clientMsgId);
      setOutgoing((list) => list.filter((item) => item.clientMsgId !== clientMsgId));
    } catch (error) {
      const reason = error instanceof Error ? error.message : "发送失败";
      setOutgoing((list) =>
        list.map((item) => (item.clientMsgId === clientMsgId ? { ...item, status: "failed", error: reason } : item)),
      );
    }
  };

  const sendText = () => {
    const content = draft.trim();
    if (!content) return;
    setDraft("");
    void send("text", content);
  };

  const sendPicture = (file: File) => {
    uploadPicture(file, () => {})
      .then((uploaded) => send("image", uploaded.url))
      .catch((error: unknown) => toast.error(errorText(error)));
    return false;
  };

  return (
    <section className="conversation" aria-label={`与${chat.peer.nickname}的聊天`}>
      <header className="conversation__header">
        <Avatar src={chat.peer.avatarUrl || undefined}>{chat.peer.nickname.slice(0, 1)}</Avatar>
        <span className="conversation__peer">{chat.peer.nickname}</span>
        {chat.goods && (
          <Link to={paths.goodsInfo(chat.goods.id)} className="conversation__goods">
            {chat.goods.coverUrl && <img src={chat.goods.coverUrl} alt="" />}
            <span>{chat.goods.title}</span>
            <strong>{formatPrice(chat.goods.priceCents)}</strong>
            {chat.goods.status !== "on_sale" && (
              <em className="conversation__goods-status">{GOODS_STATUSES[chat.goods.status]}</em>
            )}
          </Link>
        )}
      </header>
      <div className="conversation__messages" aria-live="polite">
        {hasMore && (
          <Button
            type="link"
            onClick={() => loadOlder(messages[0]?.id)}
            loading={isFetching}
            className="conversation__older"
          >
            加载更早的消息
          </Button>
        )}
        {isFetching && messages.length === 0 && <Spin className="conversation__loading" />}
        {messages.map((message) => {
          const mine = message.senderId === myId;
          return (
            <div key={message.id} className={`bubble ${mine ? "bubble--mine" : ""}`}>
              <Body type={message.type} content={message.content} />
              <span className="bubble__meta">
                <time>{formatTime(message.createdAt)}</time>
                {mine && <ReadMark read={readByPeer(chat, message)} />}
              </span>
            </div>
          );
        })}
        {outgoing.map((item) => (
          <div key={item.clientMsgId} className="bubble bubble--mine bubble--pending">
            <Body type={item.type} content={item.content} />
            {item.status === "sending" ? (
              <span className="bubble__meta">发送中…</span>
            ) : (
              <span className="bubble__failed">
                {item.error ?? "发送失败"}
                <Button
                  size="small"
                  type="link"
                  icon={<ReloadOutlined />}
                  onClick={() => send(item.type, item.content, item.clientMsgId)}
                >
                  重发
                </Button>
              </span>
            )}
          </div>
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
