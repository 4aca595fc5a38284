import { useState } from "react";
import { formatTime } from "../../components/format";
import { Button, Empty, List, Pagination, Skeleton } from "../../components/kit";
import styles from "./admin.module.css";
import { type TargetKey, useReviewQueueQuery } from "./admin-api";
import { ItemMeta } from "./item-meta";
import { TargetDrawer } from "./target-drawer";

/** Goods a prohibited-word rule holds, the longest waiting first: approve or take down. */
export function ReviewQueue() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<TargetKey | null>(null);
  const { data, isLoading } = useReviewQueueQuery(page);

  return (
    <>
      {isLoading && <Skeleton active />}
      {data && data.list.length === 0 && <Empty description="没有待审核的闲置" />}
      <List
        className={styles.adminList}
        dataSource={data?.list ?? []}
        renderItem={(goods) => (
          <List.Item
            key={goods.id}
            actions={[
              <Button key="open" type="primary" onClick={() => setOpen({ targetType: "goods", targetId: goods.id })}>
                审核
              </Button>,
            ]}
          >
            <ItemMeta
              heading
              title={goods.title}
              description={`${goods.moderation?.reason ?? ""} · ${goods.seller.nickname} · ${formatTime(goods.createdAt)}`}
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
