import type { Notification, NotificationKind } from "@xianzhi/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BellOutlined, FallOutlined, SearchOutlined } from "../../components/icons";
import { InitialAvatar } from "../../components/initial-avatar";
import { lineTime, notificationDetail, notificationSentence, notificationTarget } from "./notification-lines";
import styles from "./notifications.module.css";

/** The picture of what the product itself tells, where there is nobody's avatar to show. */
const KIND_ICONS: Partial<Record<NotificationKind, ReactNode>> = {
  price_drop: <FallOutlined />,
  saved_search: <SearchOutlined />,
};

function LineContent({ notification, now }: { notification: Notification; now: Date }) {
  const { actor, goods, createdAt, read } = notification;
  const { who, text } = notificationSentence(notification);
  const detail = notificationDetail(notification);
  return (
    <>
      <span className={styles.notificationWho} aria-hidden="true">
        {actor ? (
          <InitialAvatar size={40} src={actor.avatarUrl} name={actor.nickname} />
        ) : (
          <span className={styles.notificationIcon}>{KIND_ICONS[notification.kind] ?? <BellOutlined />}</span>
        )}
        {!read && <span className={styles.notificationDot} />}
      </span>
      <span className={styles.notificationBody}>
        <span className={styles.notificationSentence}>
          {who ? (
            <>
              <strong>{who}</strong>
              {text.slice(who.length)}
            </>
          ) : (
            text
          )}
          {!read && <span className={styles.notificationUnreadText}>（未读）</span>}
        </span>
        {detail && <span className={styles.notificationDetail}>{detail}</span>}
        <span className={styles.notificationMeta}>
          {goods && <span className={styles.notificationGoods}>{goods.title}</span>}
          <time dateTime={createdAt}>{lineTime(createdAt, now)}</time>
        </span>
      </span>
      {goods &&
        (goods.coverUrl ? (
          <img className={styles.notificationThumb} src={goods.coverUrl} alt="" loading="lazy" />
        ) : (
          <span className={styles.notificationThumb} aria-hidden="true" />
        ))}
    </>
  );
}

/**
 * One notification: who, what, about which goods, when; unread ones stand out. Tapping it marks it
 * read and opens what it is about; one about nothing that still exists only marks it read.
 */
export function NotificationLine({
  notification,
  now,
  onOpen,
}: {
  notification: Notification;
  now: Date;
  onOpen: (notification: Notification) => void;
}) {
  const target = notificationTarget(notification);
  const className = notification.read ? styles.notification : `${styles.notification} ${styles.notificationUnread}`;
  const content = <LineContent notification={notification} now={now} />;
  return (
    <li>
      {target ? (
        <Link to={target} className={className} onClick={() => onOpen(notification)}>
          {content}
        </Link>
      ) : notification.read ? (
        <div className={className}>{content}</div>
      ) : (
        <button type="button" className={className} onClick={() => onOpen(notification)}>
          {content}
        </button>
      )}
    </li>
  );
}
