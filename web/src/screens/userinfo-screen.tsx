import type { UserInfo } from "@xianzhi/contract";
import { DEAL_ROLES } from "@xianzhi/contract/constants";
import { Link, useNavigate } from "react-router";
import { paths, titles } from "../app/paths";
import { LogoutOutlined } from "../components/icons";
import { Avatar, Button, Card, Skeleton } from "../components/kit";
import { TabGrid } from "../components/tab-grid";
import { useDocumentTitle } from "../components/use-document-title";
import { useUrlParams } from "../components/use-url-params";
import { useLogOut, useMyInfo } from "../features/accounts";
import {
  ChangeEmailForm,
  ChangePasswordForm,
  DeleteAccountSection,
  DownloadMyData,
  PasskeySettings,
  PayoutAccountForm,
  ProfileForm,
  SessionDevices,
  TwoStepSettings,
} from "../features/accounts/ui";
import { AddressBook } from "../features/addresses/ui";
import { FavoriteList } from "../features/favorites/ui";
import { MyGoods } from "../features/goods/ui";
import { NotificationSettingsPanel } from "../features/notifications/ui";
import { BlockedList } from "../features/safety/ui";
import { SavedSearchList } from "../features/saved-searches/ui";
import { DealList } from "../features/trade/ui";
import styles from "./userinfo.module.css";

/** The personal centre's tabs; the open one is in the address (`?tab=bought`), so a link can open it. */
const TABS = [
  "goods",
  "sold",
  "bought",
  "favorites",
  "searches",
  "profile",
  "notifications",
  "security",
  "blocked",
] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

const TAB_LABELS: { key: Tab; label: string }[] = [
  { key: "goods", label: "我发布的" },
  { key: "sold", label: DEAL_ROLES.seller },
  { key: "bought", label: DEAL_ROLES.buyer },
  { key: "favorites", label: "我的收藏" },
  { key: "searches", label: "保存的搜索" },
  { key: "profile", label: "个人资料" },
  { key: "notifications", label: "通知设置" },
  { key: "security", label: "账号安全" },
  { key: "blocked", label: "黑名单" },
];

/** Only the open tab's panel is rendered, so a tab's queries run when it is opened. */
function TabPanel({ tab, me }: { tab: Tab; me: UserInfo }) {
  switch (tab) {
    case "goods":
      return <MyGoods />;
    case "sold":
      return <DealList side="seller" />;
    case "bought":
      return <DealList side="buyer" />;
    case "favorites":
      return <FavoriteList />;
    case "searches":
      return <SavedSearchList />;
    case "profile":
      // The address book sits with who one is: the tabs stay three full rows on a phone.
      return (
        <>
          <ProfileForm me={me} key={me.id} />
          <AddressBook />
        </>
      );
    case "notifications":
      return <NotificationSettingsPanel />;
    case "security":
      return (
        <>
          <ChangeEmailForm currentEmail={me.email} />
          <ChangePasswordForm />
          <PasskeySettings />
          <TwoStepSettings />
          <SessionDevices />
          <PayoutAccountForm />
          <DownloadMyData />
          <DeleteAccountSection />
        </>
      );
    case "blocked":
      return <BlockedList />;
  }
}

export default function UserinfoScreen() {
  useDocumentTitle(titles.userinfo);
  const navigate = useNavigate();
  const [params, updateParams] = useUrlParams();
  const tab = params.get("tab");
  const current: Tab = isTab(tab) ? tab : "goods";
  const logOut = useLogOut();
  const { data: me, isLoading } = useMyInfo();
  if (isLoading || !me) return <Skeleton active className="page" />;

  return (
    <div className="page">
      <Card className={styles.userinfoHeader}>
        <div className={styles.userinfoIdentity}>
          <Avatar size={64} src={me.avatarUrl || undefined}>
            {me.nickname.slice(0, 1)}
          </Avatar>
          <div>
            <h1 className={styles.userinfoName}>{me.nickname}</h1>
            <div className={styles.userinfoUsername}>@{me.username}</div>
            {me.bio && <p className={styles.userinfoBio}>{me.bio}</p>}
            {me.role === "moderator" && (
              <Link to={paths.admin} className={styles.userinfoAdmin}>
                管理后台
              </Link>
            )}
          </div>
          <Button
            icon={<LogoutOutlined />}
            className={styles.userinfoLogout}
            onClick={() => void logOut().then(() => navigate(paths.home, { replace: true }))}
          >
            退出登录
          </Button>
        </div>
      </Card>
      <Card className={styles.userinfoBody}>
        <TabGrid
          label="个人中心"
          items={TAB_LABELS}
          activeKey={current}
          onChange={(key) => updateParams({ tab: key === "goods" ? "" : key })}
        >
          <TabPanel tab={current} me={me} />
        </TabGrid>
      </Card>
    </div>
  );
}
