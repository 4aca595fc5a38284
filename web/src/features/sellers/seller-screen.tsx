import { Button, Result, Skeleton } from "antd";
import { useNavigate, useParams } from "react-router";
import { paths, titles } from "../../app/paths";
import { useDocumentTitle } from "../../components/use-document-title";
import { SellerHeader } from "./seller-header";
import { SellerTabs } from "./seller-tabs";
import { useSellerProfileQuery } from "./sellers-api";
import "./sellers.css";

/** /user/:id, anyone's page: who they are, how they deal and how others rate them, their goods, the reviews. */
export default function SellerScreen() {
  useDocumentTitle(titles.user);
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { data: profile, error, isLoading } = useSellerProfileQuery(id);

  if (isLoading) return <Skeleton active avatar className="page" paragraph={{ rows: 6 }} />;
  if (error || !profile) {
    return (
      <Result status="404" title="用户不存在" extra={<Button onClick={() => navigate(paths.home)}>回首页</Button>} />
    );
  }
  return (
    <div className="page seller-page">
      <SellerHeader profile={profile} />
      <SellerTabs profile={profile} />
    </div>
  );
}
