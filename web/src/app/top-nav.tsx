import { LogoutOutlined, MessageOutlined, PlusOutlined, UserOutlined } from "@ant-design/icons";
import { Avatar, Badge, Button, Dropdown, Input } from "antd";
import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { isSignedIn, setUserInfo, useLogOut, useMeQuery } from "../features/accounts";
import { useUnreadTotalQuery } from "../features/chat";
import { useAppDispatch, useAppSelector } from "./hooks";
import { paths } from "./paths";

/** The top bar on every screen: logo, search, post, and the user's menu or the sign-in links. */
export function TopNav() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const logOut = useLogOut();
  const [searchParams] = useSearchParams();
  const signedIn = isSignedIn();
  const { data: me } = useMeQuery(undefined, { skip: !signedIn });
  const userInfo = useAppSelector((state) => state.auth.userInfo);
  // Refetched whenever a chat frame arrives (the socket invalidates the chat tags).
  const { data: unread } = useUnreadTotalQuery(undefined, { skip: !signedIn });
  const unreadTotal = unread?.unreadTotal ?? 0;

  useEffect(() => {
    if (me) dispatch(setUserInfo(me));
  }, [me, dispatch]);

  const name = userInfo.nickname || userInfo.username || "我";
  const menu = {
    items: [
      { key: "userinfo", icon: <UserOutlined />, label: "个人中心" },
      { key: "chat", icon: <MessageOutlined />, label: unreadTotal ? `我的消息（${unreadTotal} 条未读）` : "我的消息" },
      { type: "divider" as const },
      { key: "logout", icon: <LogoutOutlined />, label: "退出登录" },
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === "logout") void logOut().then(() => navigate(paths.home));
      else navigate(key === "chat" ? paths.chat : paths.userinfo);
    },
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
        <Input.Search
          className="top-nav__search"
          aria-label="搜索闲置"
          placeholder="搜索二手好物，如：手机"
          defaultValue={searchParams.get("keyword") ?? ""}
          key={searchParams.get("keyword") ?? ""}
          enterButton="搜索"
          allowClear
          onSearch={(value) => {
            const keyword = value.trim();
            if (keyword) navigate(paths.searchResult(keyword));
          }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.post)} className="top-nav__post">
          <span className="top-nav__post-text">发布闲置</span>
        </Button>
        {signedIn && (
          <Link
            to={paths.chat}
            className="top-nav__chat"
            aria-label={unreadTotal ? `消息，${unreadTotal} 条未读` : "消息"}
          >
            <Badge count={unreadTotal} size="small" data-testid="unread-total">
              <MessageOutlined className="top-nav__chat-icon" />
            </Badge>
          </Link>
        )}
        {signedIn ? (
          <Dropdown menu={menu} placement="bottomRight" trigger={["click"]}>
            <button type="button" className="top-nav__user" aria-label={`${name}的菜单`}>
              <Avatar src={userInfo.avatarUrl || undefined} icon={<UserOutlined />} />
              <span className="top-nav__user-name">{name}</span>
            </button>
          </Dropdown>
        ) : (
          <nav className="top-nav__auth" aria-label="登录与注册">
            <Link to={paths.login}>登录</Link>
            <Link to={paths.register}>注册</Link>
          </nav>
        )}
      </div>
    </header>
  );
}
