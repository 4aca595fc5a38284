import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { classNames } from "../components/class-names";
import { CountBadge } from "../components/count-badge";
import { BellOutlined, HomeOutlined, MessageOutlined, PlusCircleOutlined, UserOutlined } from "../components/icons";
import { paths } from "./paths";
import styles from "./shell.module.css";

/** What the signed-in user has not read yet: chat messages, and notifications (the bell). */
export interface UnreadCounts {
  chat: number;
  notifications: number;
}

/** How a link with unread items is named for the ear: 消息，3 条未读. */
export const unreadLabel = (label: string, count: number) => `${label}，${count} 条未读`;

interface Tab {
  label: string;
  to: string;
  icon: ReactNode;
  /** The paths on which this tab is the current one. */
  matches: string[];
  /** The unread count its icon carries. */
  unread?: keyof UnreadCounts;
}

const tabs: Tab[] = [
  { label: "首页", to: paths.home, icon: <HomeOutlined />, matches: [paths.home, paths.homeAlias] },
  { label: "发布", to: paths.post, icon: <PlusCircleOutlined />, matches: [paths.post] },
  { label: "消息", to: paths.chat, icon: <MessageOutlined />, matches: [paths.chat], unread: "chat" },
  {
    label: "通知",
    to: paths.notifications,
    icon: <BellOutlined />,
    matches: [paths.notifications],
    unread: "notifications",
  },
  { label: "我的", to: paths.userinfo, icon: <UserOutlined />, matches: [paths.userinfo] },
];

/** The phone's bottom tab bar (hidden on desktop, where the top bar has room for everything). */
export function TabBar({ unread }: { unread: UnreadCounts }) {
  const { pathname } = useLocation();
  return (
    <nav className={styles.tabBar} aria-label="主要页面">
      {tabs.map((tab) => {
        const current = tab.matches.includes(pathname);
        const count = tab.unread ? unread[tab.unread] : 0;
        return (
          <Link
            key={tab.to}
            to={tab.to}
            className={classNames(styles.tabBarTab, current && styles.tabBarTabCurrent)}
            aria-current={current ? "page" : undefined}
          >
            <CountBadge count={count}>
              <span className={styles.tabBarIcon} aria-hidden="true">
                {tab.icon}
              </span>
            </CountBadge>
            {/* With a count, named by words for the ear ("消息，3 条未读") rather than an aria-label,
                which would not hold the count the eye reads over the icon. The class has no style: the
                browser tests read the tabs' names by it. */}
            <span className="tab-bar__label" aria-hidden={count > 0 || undefined}>
              {tab.label}
            </span>
            {count > 0 && <span className={styles.tabBarUnread}>{unreadLabel(tab.label, count)}</span>}
          </Link>
        );
      })}
    </nav>
  );
}
