import { formatPrice, REFUND_KINDS } from "@xianzhi/contract/constants";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { Alert, Button, Empty, List, Skeleton, Tag } from "../../components/kit";
import { useNow } from "../../components/use-now";
import styles from "./admin.module.css";
import { DisputeDrawer } from "./dispute-drawer";
import { waitingText } from "./dispute-rules";
import { useDisputesQuery } from "./disputes-api";
import { ItemMeta } from "./item-meta";

const MINUTE = 60_000;

/** 纠纷: refunds waiting for the platform's ruling, oldest first; those waiting too long in red. */
export function DisputeQueue() {
  // Disputes arrive by timers and the two sides: the tab reads the queue again as it opens.
  const { data, isLoading, error } = useDisputesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [open, setOpen] = useState<string | null>(null);
  const now = useNow(MINUTE);
  return (
    <>
      {isLoading && <Skeleton active />}
      {error && <Alert type="error" title={errorText(error)} role="alert" />}
      {data && data.length === 0 && <Empty description="没有待裁决的纠纷" />}
      <List
        className={styles.adminList}
        dataSource={data ?? []}
        renderItem={(item) => (
          <List.Item
            key={item.refundId}
            actions={[
              <Button key="open" type="primary" onClick={() => setOpen(item.refundId)}>
                处理
              </Button>,
            ]}
          >
            <ItemMeta
              heading
              title={
                <span className={styles.adminItemTitle}>
                  {item.overdue && <Tag color="red">超时</Tag>}
                  {item.goodsTitle}
                </span>
              }
              description={
                <>
                  实付 {formatPrice(item.paidCents)} · {REFUND_KINDS[item.kind]} {formatPrice(item.amountCents)} ·{" "}
                  <span className={item.overdue ? styles.adminCount : undefined}>
                    {waitingText(item.disputedAt, now)}
                  </span>
                  <span className={styles.adminSide}>
                    买家 {item.buyer.nickname} · 卖家 {item.seller.nickname}
                  </span>
                </>
              }
            />
          </List.Item>
        )}
      />
      <DisputeDrawer refundId={open} onClose={() => setOpen(null)} />
    </>
  );
}
