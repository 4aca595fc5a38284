import type { DealRole } from "@xianzhi/contract";
import { useState } from "react";
import { Empty } from "../../components/empty";
import { Pager } from "../../components/plain-controls";
import { PlainSkeleton } from "../../components/plain-skeleton";
import { useNow } from "../../components/use-now";
import { EarningsRow } from "../earnings/ui";
import { DealCard } from "./deal-card";
import styles from "./trade.module.css";
import { DEALS_PAGE_SIZE, useDealsQuery } from "./trade-api";

const EMPTY: Record<DealRole, string> = {
  buyer: "还没有买到的闲置，看中了就立即购买或出个价吧",
  seller: "还没有卖出的闲置",
};

/**
 * 我买到的 or 我卖出的: the caller's deals on that side, newest first, paged; 我卖出的 opens with the
 * row to 我的收入.
 */
export function DealList({ side }: { side: DealRole }) {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useDealsQuery({ role: side, page, pageSize: DEALS_PAGE_SIZE });
  const now = useNow(60_000);
  const earnings = side === "seller" && <EarningsRow />;
  if (isLoading) return <PlainSkeleton rows={3} />;
  if (!data || data.list.length === 0) {
    return (
      <>
        {earnings}
        <Empty description={EMPTY[side]} />
      </>
    );
  }
  return (
    <>
      {earnings}
      <ul className={styles.dealList}>
        {data.list.map((deal) => (
          <li key={deal.id}>
            <DealCard deal={deal} side={side} now={now} />
          </li>
        ))}
      </ul>
      <Pager
        className={styles.dealListPager}
        current={page}
        pageSize={data.pageSize}
        total={data.total}
        onChange={setPage}
      />
    </>
  );
}
