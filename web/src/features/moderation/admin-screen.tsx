import { titles } from "../../app/paths";
import { FingerSized } from "../../components/finger-sized";
import { Card, Tabs } from "../../components/kit";
import { NotFound } from "../../components/not-found";
import { useDocumentTitle } from "../../components/use-document-title";
import { useUrlParams } from "../../components/use-url-params";
import { useMyInfo } from "../accounts";
import { AccountRecoveryForm } from "./account-recovery-form";
import styles from "./admin.module.css";
import { DisputeQueue } from "./dispute-queue";
import { FailedSettlements } from "./failed-settlements";
import { ModerationLogList } from "./moderation-log-list";
import { ReconciliationList } from "./reconciliation-list";
import { ReportQueue } from "./report-queue";
import { ReviewQueue } from "./review-queue";
import { WordRulesPanel } from "./word-rules-panel";

/** Names of two or three characters: six tabs in one row on a 360 px phone. */
const TABS = [
  { key: "reports", label: "举报", children: <ReportQueue /> },
  { key: "disputes", label: "纠纷", children: <DisputeQueue /> },
  { key: "review", label: "审核", children: <ReviewQueue /> },
  { key: "words", label: "违禁词", children: <WordRulesPanel /> },
  {
    key: "log",
    label: "记录",
    children: (
      <>
        <AccountRecoveryForm />
        <ModerationLogList />
      </>
    ),
  },
  {
    key: "reconciliation",
    label: "对账",
    children: (
      <>
        <FailedSettlements />
        <ReconciliationList />
      </>
    ),
  },
];

/** The moderators' console; anyone else finds no such page. The open tab is in the address. */
export default function AdminScreen() {
  useDocumentTitle(titles.admin);
  const { data: me } = useMyInfo();
  const [params, updateParams] = useUrlParams();
  if (!me) return null;
  if (me.role !== "moderator") return <NotFound />;
  const tab = TABS.some((item) => item.key === params.get("tab")) ? (params.get("tab") as string) : "reports";
  return (
    <div className={`page ${styles.admin}`}>
      {/* A moderator on a phone taps too: the console's tabs, buttons and fields a finger's 44 px. */}
      <FingerSized>
        <Card className={styles.adminCard}>
          <h1 className={styles.adminTitle}>管理后台</h1>
          <Tabs
            activeKey={tab}
            destroyOnHidden
            items={TABS}
            onChange={(key) => updateParams({ tab: key === "reports" ? "" : key })}
          />
        </Card>
      </FingerSized>
    </div>
  );
}
