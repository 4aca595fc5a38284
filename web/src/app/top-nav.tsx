import { type ReactNode, useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { CountBadge } from "../components/count-badge";
import { BellOutlined, MessageOutlined, PlusOutlined } from "../components/icons";
import { PlainButton } from "../components/plain-controls";
import { isSignedIn, setUserInfo, useMyInfo } from "../features/accounts";
import { SearchBox } from "../features/goods";
import { useAppDispatch, useAppSelector } from "./hooks";
import { paths } from "./paths";
import styles from "./shell.module.css";
import { type UnreadCounts, unreadLabel } from "./tab-bar";
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
  const { data: me } = useMyInfo();
  const userInfo = useAppSelector((state) => state.auth.userInfo);

  useEffect(() => {
    if (me) dispatch(setUserInfo(me));
  }, [me, dispatch]);

  const name = userInfo.nickname || userInfo.username || "我";

  return (
    <header className={styles.topNav}>
      <div className={styles.topNavInner}>
        <Link to={paths.home} className={styles.topNavLogo}>
          <span className={styles.topNavLogoMark} aria-hidden="true">
            闲
          </span>
          <span className={styles.topNavLogoText}>闲置</span>
        </Link>
        <SearchBox key={searchParams.get("keyword") ?? ""} initialKeyword={searchParams.get("keyword") ?? ""} />
        <div className={styles.topNavDesktop}>
          <PlainButton primary icon={<PlusOutlined />} onClick={() => navigate(paths.post)}>
            发布闲置
          </PlainButton>
          {signedIn && (
            <CountLink to={paths.chat} label="消息" count={unread.chat} testId="unread-total">
              <MessageOutlined className={styles.topNavIcon} />
            </CountLink>
          )}
          {signedIn && (
            <CountLink to={paths.notifications} label="通知" count={unread.notifications} testId="notifications-unread">
              <BellOutlined className={styles.topNavIcon} />
            </CountLink>
          )}
          {signedIn && <UserMenu name={name} avatarUrl={userInfo.avatarUrl} unreadTotal={unread.chat} />}
        </div>
        {!signedIn && (
          <nav className={styles.topNavAuth} aria-label="登录与注册">
            <Link to={paths.login}>登录</Link>
            <Link to={paths.register}>注册</Link>
          </nav>
        )}
      </div>
    </header>
  );
}

/** An icon link carrying its unread count, named with it for the ear ("消息，3 条未读"). */
function CountLink(props: { to: string; label: string; count: number; testId: string; children: ReactNode }) {
  const { to, label, count, testId, children } = props;
  return (
    <Link to={to} className={styles.topNavIconLink} aria-label={count ? unreadLabel(label, count) : label}>
      <CountBadge count={count} testId={testId}>
        {children}
      </CountBadge>
    </Link>
  );
}
