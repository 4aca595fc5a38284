import { LogoutOutlined } from "@ant-design/icons";
import { Avatar, Button, Card, Skeleton, Tabs } from "antd";
import { useNavigate } from "react-router";
import { paths, titles } from "../../app/paths";
import { useDocumentTitle } from "../../components/use-document-title";
import { useLogOut, useMeQuery } from "../accounts";
import { ChangeEmailForm, ChangePasswordForm, ProfileForm } from "../accounts/ui";
import { FavoriteList } from "../favorites/ui";
import { MyGoods } from "../goods/ui";
import "./userinfo.css";

export default function UserinfoScreen() {
  useDocumentTitle(titles.userinfo);
  const navigate = useNavigate();
  const logOut = useLogOut();
  const { data: me, isLoading } = useMeQuery();
  if (isLoading || !me) return <Skeleton active className="page" />;

  return (
    <div className="page userinfo">
      <Card className="userinfo__header">
        <div className="userinfo__identity">
          <Avatar size={64} src={me.avatarUrl || undefined}>
            {me.nickname.slice(0, 1)}
          </Avatar>
          <div>
            <h1 className="userinfo__name">{me.nickname}</h1>
            <div className="userinfo__username">@{me.username}</div>
            {me.bio && <p className="userinfo__bio">{me.bio}</p>}
          </div>
          <Button
            icon={<LogoutOutlined />}
            className="userinfo__logout"
            onClick={() => void logOut().then(() => navigate(paths.home, { replace: true }))}
          >
            退出登录
          </Button>
        </div>
      </Card>
      <Card className="userinfo__body">
        <Tabs
          tabBarGutter={20}
          items={[
            { key: "goods", label: "我发布的", children: <MyGoods /> },
            { key: "favorites", label: "我的收藏", children: <FavoriteList /> },
            { key: "profile", label: "个人资料", children: <ProfileForm me={me} key={me.id} /> },
            {
              key: "security",
              label: "账号安全",
              children: (
                <>
                  <ChangeEmailForm currentEmail={me.email} />
                  <ChangePasswordForm />
                </>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
