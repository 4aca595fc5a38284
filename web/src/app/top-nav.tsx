import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import "../components/plain-controls.css";
import { CountBadge } from "../components/count-badge";
import { BellOutlined, MessageOutlined, PlusOutlined } from "../components/icons";
import { isSignedIn, setUserInfo, useMeQuery } from "../features/accounts";
import { SearchBox } from "../features/goods";
import { useAppDispatch, useAppSelector } from "./hooks";
import { paths } from "./paths";
import type { UnreadCounts } from "./tab-bar";
import { UserMenu } from "./user-menu";

/**
 * The top bar on every screen: logo and search; on desktop also post, messages, notifications and
 * the user's menu or the sign-in links (on a phone the tab bar at the bottom has those).
 */
export function TopNav({ unread }: { unread: UnreadCounts }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const signedIn = isSignedIn();
  const { data: me } = useMeQuery(undefined, { skip: !signedIn });
  const userInfo = useAppSelector((state) => state.auth.userInfo);

  useEffect(() => {
    if (me) dispatch(setUserInfo(me));
  }, [me, dispatch]);

  const name = userInfo.nickname || userInfo.username || "我";

  return (
    <header className="top-nav">
      <div className="top-nav__inner">
        <Link to={paths.home} className="top-nav__logo">
          <span className="top-nav__logo-mark" aria-hidden="true">
            闲
          </span>
          <span className="top-nav__logo-text">闲置</span>
        </Link>
        <SearchBox key={searchParams.get("keyword") ?? ""} initialKeyword={searchParams.get("keyword") ?? ""} />
        <div className="top-nav__desktop">
          <button type="button" className="plain-button plain-button--primary" onClick={() => navigate(paths.post)}>
            <PlusOutlined />
            发布闲置
          </button>
          {signedIn && (
            <Link
              to={paths.chat}
              className="top-nav__icon-link"
              aria-label={unread.chat ? `消息，${unread.chat} 条未读` : "消息"}
            >
              <CountBadge count={unread.chat} testId="unread-total">
                <MessageOutlined className="top-nav__icon" />
              </CountBadge>
            </Link>
          )}
          {signedIn && (
            <Link
              to={paths.notifications}
              className="top-nav__icon-link"
              aria-label={unread.notifications ? `通知，${unread.notifications} 条未读` : "通知"}
            >
              <CountBadge count={unread.notifications} testId="notifications-unread">
                <BellOutlined className="top-nav__icon" />
              </CountBadge>
            </Link>
          )}
          {signedIn && <UserMenu name={name} avatarUrl={userInfo.avatarUrl} unreadTotal={unread.chat} />}
        </div>
        {!signedIn && (
          <nav className="top-nav__auth" aria-label="登录与注册">
            <Link to={paths.login}>登录</Link>
            <Link to={paths.register}>注册</Link>
          </nav>
        )}
      </div>
    </header>
  );
}
