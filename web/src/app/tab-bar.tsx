import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { CountBadge } from "../components/count-badge";
import { HomeOutlined, MessageOutlined, PlusCircleOutlined, UserOutlined } from "../components/icons";
import { paths } from "./paths";

interface Tab {
  label: string;
  to: string;
  icon: ReactNode;
  /** The paths on which this tab is the current one. */
  matches: string[];
}

const tabs: Tab[] = [
  { label: "首页", to: paths.home, icon: <HomeOutlined />, matches: [paths.home, paths.homeAlias] },
  { label: "发布", to: paths.post, icon: <PlusCircleOutlined />, matches: [paths.post] },
  { label: "消息", to: paths.chat, icon: <MessageOutlined />, matches: [paths.chat] },
  { label: "我的", to: paths.userinfo, icon: <UserOutlined />, matches: [paths.userinfo] },
];

/** The phone's bottom tab bar (hidden on desktop, where the top bar has room for everything). */
export function TabBar({ unreadTotal }: { unreadTotal: number }) {
  const { pathname } = useLocation();
  return (
    <nav className="tab-bar" aria-label="主要页面">
      {tabs.map((tab) => {
        const current = tab.matches.includes(pathname);
        const unread = tab.to === paths.chat ? unreadTotal : 0;
        return (
          <Link
            key={tab.to}
            to={tab.to}
            className={current ? "tab-bar__tab tab-bar__tab--current" : "tab-bar__tab"}
            aria-current={current ? "page" : undefined}
            aria-label={unread ? `${tab.label}，${unread} 条未读` : undefined}
          >
            <CountBadge count={unread}>
              <span className="tab-bar__icon" aria-hidden="true">
                {tab.icon}
              </span>
            </CountBadge>
            <span className="tab-bar__label">{tab.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
