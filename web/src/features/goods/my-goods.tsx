import { GOODS_STATUSES, type GoodsStatus } from "@xianzhi/contract/constants";
import { useState } from "react";
import { Empty } from "../../components/empty";
import { Pager, Segmented } from "../../components/plain-controls";
import { PlainSkeleton } from "../../components/plain-skeleton";
import { OwnerActions } from "./antd-parts";
import feedStyles from "./feed.module.css";
import { useMyGoodsQuery } from "./goods-api";
import { GoodsCard } from "./goods-card";
import { ModerationNotice } from "./moderation-notice";
import styles from "./my-goods.module.css";

const filterOptions = [
  { label: "全部", value: "" as const },
  ...Object.entries(GOODS_STATUSES).map(([value, label]) => ({ label, value: value as GoodsStatus })),
];

/** The user's own goods by status, each with its actions: status, edit, delete. */
export function MyGoods() {
  const [status, setStatus] = useState<GoodsStatus | "">("");
  const [page, setPage] = useState(1);
  const { data, isLoading } = useMyGoodsQuery({ status: status || undefined, page, pageSize: 20 });

  return (
    <>
      <Segmented
        aria-label="按状态筛选"
        options={filterOptions}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
        className={styles.userinfoFilter}
      />
      {isLoading && <PlainSkeleton rows={3} />}
      {data && data.list.length === 0 && <Empty description="还没有发布闲置" />}
      <div className={feedStyles.goodsGrid}>
        {data?.list.map((goods) => (
          <div key={goods.id} className={styles.myGoods}>
            <GoodsCard goods={goods} />
            <ModerationNotice goods={goods} />
            <OwnerActions goods={goods} compact />
          </div>
        ))}
      </div>
      {data && (
        <Pager
          className={feedStyles.goodsPagination}
          current={page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={setPage}
        />
      )}
    </>
  );
}
