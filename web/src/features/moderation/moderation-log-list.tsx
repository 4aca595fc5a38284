import type { ReportTarget } from "@xianzhi/contract";
import {
  ACCOUNT_LOG_ACTIONS,
  DISPUTE_LOG_ACTIONS,
  LOG_TARGETS,
  MODERATION_ACTIONS,
  REPORT_TARGETS,
  WORD_RULE_CHANGES,
} from "@xianzhi/contract/constants";
import { useState } from "react";
import { formatTime } from "../../components/format";
import { Button, Empty, List, Pagination, Skeleton, Tag } from "../../components/kit";
import styles from "./admin.module.css";
import { type TargetKey, useModerationLogQuery } from "./admin-api";
import { ItemMeta } from "./item-meta";
import { TargetDrawer } from "./target-drawer";

const ACTION_LABELS = { ...MODERATION_ACTIONS, ...WORD_RULE_CHANGES, ...DISPUTE_LOG_ACTIONS, ...ACCOUNT_LOG_ACTIONS };

const isReportTarget = (type: string): type is ReportTarget => type in REPORT_TARGETS;

/** Who did what to what and why, newest first; a line's target opens again, to act on it or its owner. */
export function ModerationLogList() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<TargetKey | null>(null);
  const { data, isLoading } = useModerationLogQuery(page);
  return (
    <>
      {isLoading && <Skeleton active />}
      {data && data.list.length === 0 && <Empty description="还没有操作记录" />}
      <List
        className={styles.adminList}
        dataSource={data?.list ?? []}
        renderItem={(line) => (
          <List.Item
            key={line.id}
            actions={
              isReportTarget(line.targetType)
                ? [
                    <Button
                      key="open"
                      onClick={() => setOpen({ targetType: line.targetType as ReportTarget, targetId: line.targetId })}
                    >
                      查看
                    </Button>,
                  ]
                : []
            }
          >
            <ItemMeta
              title={
                <span>
                  {line.moderator?.nickname ?? "已注销管理员"} <Tag>{ACTION_LABELS[line.action]}</Tag>
                  {line.action === "suspend" && (line.days === null ? "永久" : `${line.days} 天`)}{" "}
                  {LOG_TARGETS[line.targetType]} #{line.targetId}
                  {line.targetUser && `（${line.targetUser.nickname}）`}
                </span>
              }
              description={
                <>
                  {line.reason && <span className={styles.adminText}>原因：{line.reason}</span>}
                  <span>
                    {formatTime(line.createdAt)} · 处理举报 {line.resolvedReports} 条
                  </span>
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
