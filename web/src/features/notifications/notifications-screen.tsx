import { Link } from "react-router";
import { errorText } from "../../app/api-error";
import { paths, titles } from "../../app/paths";
import { Empty } from "../../components/empty";
import { SettingOutlined } from "../../components/icons";
import { PlainButton } from "../../components/plain-controls";
import { PlainSkeleton } from "../../components/plain-skeleton";
import { message } from "../../components/toasts";
import { useDocumentTitle } from "../../components/use-document-title";
import { NotificationLine } from "./notification-line";
import { groupByDay } from "./notification-lines";
import { loadedNotifications } from "./notification-pages";
import styles from "./notifications.module.css";
import {
  useMarkNotificationsReadMutation,
  useNotificationsInfiniteQuery,
  useNotificationsUnreadQuery,
} from "./notifications-api";

/** Where the personal centre shows the notification settings. */
const SETTINGS_PATH = `${paths.userinfo}?tab=notifications`;

/** The notification centre: newest first, by day; 全部已读; more pages on demand. */
export default function NotificationsScreen() {
  useDocumentTitle(titles.notifications);
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useNotificationsInfiniteQuery();
  const { data: unread } = useNotificationsUnreadQuery();
  const [markRead, { isLoading: markingAll }] = useMarkNotificationsReadMutation();
  const unreadCount = unread?.unreadCount ?? 0;
  const notifications = loadedNotifications(data);
  const now = new Date();

  const markAllRead = async () => {
    const result = await markRead({});
    if ("error" in result) message.error(errorText(result.error));
  };

  return (
    <div className={`page ${styles.notifications}`}>
      <header className={styles.notificationsHeader}>
        <h1 className={styles.notificationsTitle}>
          通知
          {unreadCount > 0 && <span className={styles.notificationsCount}>{unreadCount} 条未读</span>}
        </h1>
        <Link to={SETTINGS_PATH} className={styles.notificationsSettings}>
          <SettingOutlined aria-hidden="true" />
          通知设置
        </Link>
        <PlainButton
          onClick={markAllRead}
          disabled={unreadCount === 0}
          loading={markingAll}
          className={styles.notificationsMarkRead}
        >
          全部已读
        </PlainButton>
      </header>
      {isLoading && <PlainSkeleton rows={5} className={styles.notificationsSkeleton} />}
      {isError && !data && (
        <div className={styles.notificationsFailed}>
          <Empty description="通知没能加载，请检查网络后重试" />
          <PlainButton onClick={() => void refetch()}>重试</PlainButton>
        </div>
      )}
      {data && notifications.length === 0 && (
        <Empty
          className={styles.notificationsEmpty}
          description="还没有通知。有人评论、收藏你的闲置，或你收藏的闲置降价时，会在这里告诉你"
        />
      )}
      {groupByDay(notifications, now).map((day, index) => (
        <section key={day.label} aria-labelledby={`notifications-day-${index}`}>
          <h2 id={`notifications-day-${index}`} className={styles.notificationsDayTitle}>
            {day.label}
          </h2>
          <ul className={styles.notificationsList}>
            {day.notifications.map((notification) => (
              <NotificationLine
                key={notification.id}
                notification={notification}
                now={now}
                onOpen={(opened) => {
                  if (!opened.read) void markRead({ ids: [opened.id] });
                }}
              />
            ))}
          </ul>
        </section>
      ))}
      {hasNextPage && (
        <PlainButton
          className={styles.notificationsMore}
          onClick={() => void fetchNextPage()}
          loading={isFetchingNextPage}
        >
          加载更多
        </PlainButton>
      )}
      {data && !hasNextPage && notifications.length > 0 && <p className={styles.notificationsEnd}>没有更多通知了</p>}
    </div>
  );
}
