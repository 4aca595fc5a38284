import type { Chat } from "@xianzhi/contract";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { titles } from "../../app/paths";
import { formatTime } from "../../components/format";
import { ArrowLeftOutlined } from "../../components/icons";
import { Alert, Avatar, Badge, Button, Empty } from "../../components/kit";
import { useDocumentTitle } from "../../components/use-document-title";
import styles from "./chat.module.css";
import { CHAT_LIST_ARGS, useChatsQuery } from "./chat-api";
import { messageText, readByPeer } from "./chat-messages";
import {
  type ChatConnection,
  type ConnectionStatus,
  selectErrorToShow,
  setError,
  setMyChatId,
  setUpdateMyChatList,
} from "./chat-slice";
import { Conversation } from "./conversation";

function preview(chat: Chat, myId: string | undefined): string {
  const last = chat.lastMessage;
  if (!last) return chat.goods ? `关于：${chat.goods.title}` : "还没有消息";
  const body = messageText(last);
  // A notice is the product's word, not a message of either side: no 已读 / 未读 on it.
  if (last.senderId !== myId || last.type === "notice") return body;
  // My own last message: whether the peer has seen it, as in the conversation.
  return `${readByPeer(chat, last) ? "[已读]" : "[未读]"} ${body}`;
}

/**
 * What the screen says of the connection: nothing while it is open or first opening; offline, that
 * messages wait for the network; once one has been open (`connection`), that it is reconnecting,
 * for as long as it takes.
 */
function connectionNotice(status: ConnectionStatus, connection: ChatConnection | null): string | undefined {
  if (status === "open" || status === "idle") return undefined;
  if (status === "offline") return "网络已断开，消息会在联网后自动发出";
  if (connection) return "聊天连接已断开，正在重连…";
  return status === "closed" ? "聊天暂时连不上，正在重试…" : undefined;
}

/** The conversation on the screen is the chat state's `myChatId` while it is open. */
function useMyChatId(chatId: string) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(setMyChatId(chatId));
    return () => {
      dispatch(setMyChatId(""));
    };
  }, [chatId, dispatch]);
}

/**
 * The chat list: kept current by the socket's messages (chat-feed.ts), read again when the socket
 * reopens, a chat is read, and when a message came for a chat it does not show (`updateMyChatList`).
 */
function useChatList() {
  const dispatch = useAppDispatch();
  const list = useChatsQuery(CHAT_LIST_ARGS);
  const { isFetching, refetch } = list;
  const updateMyChatList = useAppSelector((state) => state.chat.updateMyChatList);
  useEffect(() => {
    // One read at a time: a message during this read flags the list again, read once this one is here.
    if (!updateMyChatList || isFetching) return;
    dispatch(setUpdateMyChatList(false));
    void refetch();
  }, [updateMyChatList, isFetching, refetch, dispatch]);
  return list;
}

export default function ChatScreen() {
  useDocumentTitle(titles.chat);
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const chatId = params.get("chatId") ?? "";
  useMyChatId(chatId);
  const { data, isLoading } = useChatList();
  const notice = connectionNotice(
    useAppSelector((state) => state.chat.connectionStatus),
    useAppSelector((state) => state.chat.connection),
  );
  const error = useAppSelector(selectErrorToShow);
  const myId = useAppSelector((state) => state.auth.userInfo.id);
  const current = data?.list.find((chat) => chat.chatId === chatId);

  return (
    <div className={`page ${styles.chatPage} ${chatId ? styles.chatPageOpen : ""}`}>
      {notice && <Alert type="warning" title={notice} showIcon className={styles.chatPageStatus} />}
      {error && (
        <Alert
          type="error"
          title={error}
          showIcon
          closable={{ onClose: () => dispatch(setError("")) }}
          className={styles.chatPageStatus}
        />
      )}
      <aside className={styles.chatList} aria-label="会话列表">
        <h1 className={styles.chatListTitle}>消息</h1>
        {data && data.list.length === 0 ? (
          <Empty description="还没有会话，去商品页和卖家聊聊吧" />
        ) : (
          <ul className={styles.chatListItems} aria-busy={isLoading}>
            {(data?.list ?? []).map((chat) => (
              <li key={chat.chatId}>
                <button
                  type="button"
                  className={`${styles.chatListItem} ${chat.chatId === chatId ? styles.chatListItemActive : ""}`}
                  aria-current={chat.chatId === chatId ? "true" : undefined}
                  onClick={() => setParams({ chatId: chat.chatId })}
                >
                  <Badge count={chat.unreadCount} size="small">
                    <Avatar src={chat.peer.avatarUrl || undefined}>{chat.peer.nickname.slice(0, 1)}</Avatar>
                  </Badge>
                  <span className={styles.chatListText}>
                    <span className={styles.chatListName}>
                      {chat.peer.nickname}
                      <time>{formatTime(chat.updatedAt)}</time>
                    </span>
                    <span className={styles.chatListPreview}>{preview(chat, myId)}</span>
                  </span>
                  {chat.goods?.coverUrl && <img src={chat.goods.coverUrl} alt="" className={styles.chatListGoods} />}
                </button>
              </li>
            ))}
          </ul>
        )}
      </aside>
      <div className={styles.chatPageConversation}>
        {/* On a phone an open conversation hides the list and its h1: the page keeps one, for the ear. */}
        {current && <h1 className={styles.chatPageConversationTitle}>与{current.peer.nickname}的聊天</h1>}
        {chatId && (
          <Button
            icon={<ArrowLeftOutlined />}
            type="link"
            className={styles.chatPageBack}
            onClick={() => setParams({})}
          >
            返回会话列表
          </Button>
        )}
        {current ? (
          <Conversation chat={current} key={current.chatId} />
        ) : (
          <Empty description="选择一个会话开始聊天" className={styles.chatPageEmpty} />
        )}
      </div>
    </div>
  );
}
