import { GOODS_STATUSES, type GoodsStatus } from "@xianzhi/contract/constants";
import { Empty, Pagination, Segmented, Skeleton } from "antd";
import { useState } from "react";
import { useMyGoodsQuery } from "./goods-api";
import { GoodsCard } from "./goods-card";
import { OwnerActions } from "./owner-actions";
import "./my-goods.css";

const filterOptions = [
  { label: "全部", value: "" },
  ...Object.entries(GOODS_STATUSES).map(([value, label]) => ({ label, value })),
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
          setStatus(value as GoodsStatus | "");
          setPage(1);
        }}
        className="userinfo__filter"
      />
      {isLoading && <Skeleton active />}
      {data && data.list.length === 0 && <Empty description="还没有发布闲置" />}
      <div className="goods-grid">
        {data?.list.map((goods) => (
          <div key={goods.id} className="my-goods">
            <GoodsCard goods={goods} />
            <OwnerActions goods={goods} compact />
          </div>
        ))}
      </div>
      {data && data.total > data.pageSize && (
        <Pagination
          className="goods-pagination"
          current={page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </>
  );
}
