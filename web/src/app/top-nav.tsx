import { type FormEvent, useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import "../components/plain-controls.css";
import { CountBadge } from "../components/count-badge";
import { MessageOutlined, PlusOutlined, SearchOutlined } from "../components/icons";
import { isSignedIn, setUserInfo, useMeQuery } from "../features/accounts";
import { useAppDispatch, useAppSelector } from "./hooks";
import { paths } from "./paths";
import { UserMenu } from "./user-menu";

/**
 * The top bar on every screen: logo and search; on desktop also post, messages and the user's menu
 * or the sign-in links (on a phone the tab bar at the bottom has those).
 */
export function TopNav({ unreadTotal }: { unreadTotal: number }) {
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
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keyword = String(new FormData(event.currentTarget).get("keyword") ?? "").trim();
    if (keyword) navigate(paths.searchResult(keyword));
  };

  return (
    <header className="top-nav">
      <div className="top-nav__inner">
        <Link to={paths.home} className="top-nav__logo">
          <span className="top-nav__logo-mark" aria-hidden="true">
            闲
          </span>
          <span className="top-nav__logo-text">闲置</span>
        </Link>
        <search className="top-nav__search">
          {/* A plain form rather than Ant Design's Input.Search: every screen has it, and it kept
              Ant Design's input, its styles and their run-time work in every first load. */}
          <form className="top-nav__search-form" onSubmit={search}>
            <input
              type="search"
              name="keyword"
              className="top-nav__search-input"
              aria-label="搜索闲置"
              placeholder="搜索二手好物，如：手机"
              enterKeyHint="search"
              defaultValue={searchParams.get("keyword") ?? ""}
              key={searchParams.get("keyword") ?? ""}
            />
            <button type="submit" className="top-nav__search-button">
              <SearchOutlined aria-hidden="true" />
              <span className="top-nav__search-text">搜索</span>
            </button>
          </form>
        </search>
        <div className="top-nav__desktop">
          <button type="button" className="plain-button plain-button--primary" onClick={() => navigate(paths.post)}>
            <PlusOutlined />
            发布闲置
          </button>
          {signedIn && (
            <Link
              to={paths.chat}
              className="top-nav__chat"
              aria-label={unreadTotal ? `消息，${unreadTotal} 条未读` : "消息"}
            >
              <CountBadge count={unreadTotal} testId="unread-total">
                <MessageOutlined className="top-nav__chat-icon" />
              </CountBadge>
            </Link>
          )}
          {signedIn && <UserMenu name={name} avatarUrl={userInfo.avatarUrl} unreadTotal={unreadTotal} />}
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
