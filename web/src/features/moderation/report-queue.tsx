import type { ReportQueueSort } from "@xianzhi/contract";
import { REPORT_QUEUE_SORTS, REPORT_REASONS, REPORT_TARGETS } from "@xianzhi/contract/constants";
import { useState } from "react";
import { formatTime } from "../../components/format";
import { Button, Empty, List, Pagination, Segmented, Skeleton, Tag } from "../../components/kit";
import styles from "./admin.module.css";
import { type TargetKey, useReportQueueQuery } from "./admin-api";
import { ItemMeta } from "./item-meta";
import { TargetDrawer } from "./target-drawer";

const SORT_OPTIONS = Object.entries(REPORT_QUEUE_SORTS).map(([value, label]) => ({ value, label }));

/** Open reports grouped by what they are about; each opens its context and the actions. */
export function ReportQueue() {
  const [sort, setSort] = useState<ReportQueueSort>("newest");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<TargetKey | null>(null);
  const { data, isLoading } = useReportQueueQuery({ sort, page });

  return (
    <>
      <Segmented
        aria-label="排序"
        options={SORT_OPTIONS}
        value={sort}
        onChange={(value) => {
          setSort(value as ReportQueueSort);
          setPage(1);
        }}
      />
      {isLoading && <Skeleton active />}
      {data && data.list.length === 0 && <Empty description="没有待处理的举报" />}
      <List
        className={styles.adminList}
        dataSource={data?.list ?? []}
        renderItem={(item) => (
          <List.Item
            key={`${item.targetType}:${item.targetId}`}
            actions={[
              <Button key="open" type="primary" onClick={() => setOpen(item)}>
                处理
              </Button>,
            ]}
          >
            <ItemMeta
              heading
              title={
                <span className={styles.adminItemTitle}>
                  <Tag>{REPORT_TARGETS[item.targetType]}</Tag>
                  {item.summary || "（内容已不存在）"}
                </span>
              }
              description={
                <>
                  <span className={styles.adminCount}>{item.reportCount} 人举报</span>
                  {item.reasons.map((reason) => REPORT_REASONS[reason]).join("、")}
                  {item.targetUser && ` · ${item.targetUser.nickname}`} · {formatTime(item.latestReportAt)}
                </>
              }
            />
          </List.Item>
        )}
      />
      {data && data.total > data.pageSize && (
        <Pagination simple current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
      )}
      <TargetDrawer target={open} onClose={() => setOpen(null)} />
    </>
  );
}
