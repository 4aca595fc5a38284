import { LogoutOutlined } from "@ant-design/icons";
import { Avatar, Button, Card, Skeleton, Tabs } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { paths, titles } from "../../app/paths";
import { GoodsGrid } from "../../components/goods-grid";
import { useDocumentTitle } from "../../components/use-document-title";
import { useMeQuery } from "../accounts/auth-api";
import { ProfileForm } from "../accounts/profile-form";
import { ChangeEmailForm, ChangePasswordForm } from "../accounts/security-forms";
import { useLogOut } from "../accounts/use-log-out";
import { useFavoritesQuery } from "../favorites/favorites-api";
import { MyGoods } from "./my-goods";

function MyFavorites() {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useFavoritesQuery({ page, pageSize: 20 });
  return <GoodsGrid page={data} loading={isFetching} empty="还没有收藏，看到喜欢的就点个收藏吧" onPage={setPage} />;
}

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
          items={[
            { key: "goods", label: "我发布的", children: <MyGoods /> },
            { key: "favorites", label: "我的收藏", children: <MyFavorites /> },
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
