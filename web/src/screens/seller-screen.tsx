import { useNavigate, useParams } from "react-router";
import { useAppSelector } from "../app/hooks";
import { paths, titles } from "../app/paths";
import { Button, Result, Skeleton } from "../components/kit";
import { useDocumentTitle } from "../components/use-document-title";
import { BlockButton, ReportButton } from "../features/safety/ui";
import { useSellerProfileQuery } from "../features/sellers";
import { SellerHeader, SellerTabs } from "../features/sellers/ui";
import { SellerGoods } from "./seller-goods";

/** /user/:id, anyone's page: who they are, how they deal and how others rate them, their goods, the reviews. */
export default function SellerScreen() {
  useDocumentTitle(titles.user);
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const myId = useAppSelector((state) => state.auth.userInfo.id);
  const { data: profile, error, isLoading } = useSellerProfileQuery(id);

  if (isLoading) return <Skeleton active avatar className="page" paragraph={{ rows: 6 }} />;
  if (error || !profile) {
    return (
      <Result status="404" title="用户不存在" extra={<Button onClick={() => navigate(paths.home)}>回首页</Button>} />
    );
  }
  // 举报 and 拉黑, on anyone's page but one's own.
  const safety =
    myId === profile.id ? null : (
      <>
        <ReportButton targetType="user" targetId={profile.id} aria-label={`举报 ${profile.nickname}`} />
        <BlockButton user={profile} />
      </>
    );
  return (
    <div className="page">
      <SellerHeader profile={profile} safety={safety} />
      <SellerTabs profile={profile} goods={<SellerGoods sellerId={profile.id} />} />
    </div>
  );
}
