import type { Chat } from "@xianzhi/contract";
import { ChatLimits, type SendableMessageType, UploadLimits } from "@xianzhi/contract/constants";
import { useEffect, useRef, useState } from "react";
import { errorText } from "../../app/api-error";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { PictureOutlined, ShoppingOutlined } from "../../components/icons";
import { Button, Input, Spin, Upload } from "../../components/kit";
import { message as toast } from "../../components/toasts";
import { useUploadPicture } from "../pictures";
import { useIsBlocked } from "../safety";
import { BlockedChatNotice, type ChatBlock, REFUSED_BY_PEER } from "../safety/ui";
import styles from "./chat.module.css";
import { loadOlderMessages, sendMessage, useChatHistoryQuery, useSetReadMutation } from "./chat-api";
import { ChatOfferButton } from "./chat-offer-button";
import { selectThread } from "./chat-slice";
import type { OutgoingMessage } from "./chat-thread";
import { ConversationHeader } from "./conversation-header";
import { MessageBubble, OutgoingBubble } from "./message-bubbles";

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

/**
 * Whether the chat takes no message, and why: I blocked the peer (my list says so), or the peer
 * blocked me (the server refused a message of mine saying so; it tells nobody beforehand).
 */
function useChatBlock(chat: Chat, outgoing: readonly OutgoingMessage[]): ChatBlock | undefined {
  const blockedByMe = useIsBlocked(chat.peer.id);
  if (blockedByMe) return "by-me";
  if (outgoing.some((item) => item.status === "failed" && item.error === REFUSED_BY_PEER)) return "by-peer";
  return undefined;
}

/**
 * One chat, read from its messages in the chat state: history loading upwards, live messages, my
 * pending ones. Opening it reads its newest history into that state.
 */
export function Conversation({ chat }: { chat: Chat }) {
  const dispatch = useAppDispatch();
  const myId = useAppSelector((state) => state.auth.userInfo.id) ?? "";
  const { isLoading } = useChatHistoryQuery(chat.chatId);
  const thread = useAppSelector((state) => selectThread(state, chat.chatId));
  const [setRead] = useSetReadMutation();
  const [draft, setDraft] = useState("");
  const uploadPicture = useUploadPicture();
  const bottom = useRef<HTMLDivElement>(null);
  const { messages, outgoing } = thread;
  const older = useOlderMessages(chat.chatId, messages[0]?.id);
  const block = useChatBlock(chat, outgoing);

  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    if (newestId) void setRead(chat.chatId);
  }, [newestId, chat.chatId, setRead]);
  const lastPending = outgoing.at(-1)?.clientMsgId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message, mine or not, scrolls it into view.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [newestId, lastPending]);

  const send = (type: SendableMessageType, content: string, clientMsgId?: string) =>
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
    <section className={styles.conversation} aria-label={`与${chat.peer.nickname}的聊天`}>
      <ConversationHeader chat={chat} myId={myId} />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so a keyboard can scroll the messages, which may hold nothing else to focus */}
      <div className={styles.conversationMessages} role="log" aria-label="消息记录" tabIndex={0}>
        {thread.hasMore && (
          <Button type="link" onClick={older.load} loading={older.loading} className={styles.conversationOlder}>
            加载更早的消息
          </Button>
        )}
        {isLoading && <Spin className={styles.conversationLoading} />}
        {messages.map((message) => (
          <MessageBubble key={message.id} chat={chat} message={message} myId={myId} />
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
      {block ? (
        <BlockedChatNotice peer={chat.peer} block={block} />
      ) : (
        <footer className={styles.conversationComposer}>
          <div className={styles.conversationTools}>
            <Upload accept={UploadLimits.types.join(",")} showUploadList={false} beforeUpload={sendPicture}>
              <Button icon={<PictureOutlined />} aria-label="发送图片" />
            </Upload>
            {chat.goods && (
              <Button
                icon={<ShoppingOutlined />}
                aria-label="发送商品"
                onClick={() => chat.goods && send("goods", chat.goods.id)}
              >
                <span className={styles.conversationToolLabel}>发送商品</span>
              </Button>
            )}
            {chat.goods && <ChatOfferButton chat={chat} goodsId={chat.goods.id} myId={myId} />}
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
      )}
    </section>
  );
}
