import type { EarningsOrder } from "@xianzhi/contract";
import { useState } from "react";
import { Link } from "react-router";
import { paths, titles } from "../../app/paths";
import { Empty } from "../../components/empty";
import { formatPrice } from "../../components/format";
import { Pager, PlainButton } from "../../components/plain-controls";
import { PlainSkeleton } from "../../components/plain-skeleton";
import { useDocumentTitle } from "../../components/use-document-title";
import { PAYOUT_ACCOUNT_PATH } from "../accounts";
import { OrderStatusTag } from "../orders/ui";
import styles from "./earnings.module.css";
import { EARNINGS_PAGE_SIZE, useEarningsQuery } from "./earnings-api";
import { orderFigureLines, paidDay, totalLines, waitsForPayoutAccount } from "./earnings-lines";

/**
 * 我的收入: what the seller's protected sales came to — the totals (held, released, refunded, the
 * buyers' fees) over all of them, then each paid order, newest first, with its own figures and,
 * where the money owed to the seller waits, why.
 */
export default function EarningsScreen() {
  useDocumentTitle(titles.earnings);
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = useEarningsQuery({ page, pageSize: EARNINGS_PAGE_SIZE });

  return (
    <div className={`page ${styles.earnings}`}>
      <header className={styles.earningsHeader}>
        <h1 className={styles.earningsTitle}>我的收入</h1>
        <Link to={PAYOUT_ACCOUNT_PATH} className={styles.earningsPayoutLink}>
          收款账户
        </Link>
      </header>
      {isLoading && <PlainSkeleton rows={5} />}
      {isError && !data && (
        <div className={styles.earningsFailed}>
          <Empty description="收入没能加载，请检查网络后重试" />
          <PlainButton onClick={() => void refetch()}>重试</PlainButton>
        </div>
      )}
      {data && (
        <>
          <section aria-label="收入合计">
            <dl className={styles.earningsTotals}>
              {totalLines(data.totals).map((line) => (
                <div key={line.key} className={styles.earningsTotal}>
                  <dt className={styles.earningsTotalLabel}>{line.label}</dt>
                  <dd className={styles.earningsTotalAmount}>{line.amount}</dd>
                </div>
              ))}
            </dl>
            <p className={styles.earningsNote}>货款由支付机构托管，买家确认收货后打到你的收款账户</p>
          </section>
          <section aria-labelledby="earnings-orders">
            <h2 id="earnings-orders" className={styles.earningsHeading}>
              担保交易
            </h2>
            {data.list.length === 0 ? (
              <Empty description="还没有担保交易的收入" />
            ) : (
              <ul className={styles.earningsList}>
                {data.list.map((order) => (
                  <li key={order.orderId}>
                    <EarningsOrderCard order={order} />
                  </li>
                ))}
              </ul>
            )}
            <Pager
              className={styles.earningsPager}
              current={page}
              pageSize={data.pageSize}
              total={data.total}
              onChange={setPage}
            />
          </section>
        </>
      )}
    </div>
  );
}

/** One paid order: the goods leading to the order, its state, the day it was paid, its money, and what it waits for. */
function EarningsOrderCard({ order }: { order: EarningsOrder }) {
  return (
    <article className={styles.earningsOrder} aria-label={order.goods.title}>
      {order.goods.coverUrl ? (
        <img src={order.goods.coverUrl} alt="" className={styles.earningsOrderCover} />
      ) : (
        <span className={styles.earningsOrderCover} />
      )}
      <div className={styles.earningsOrderBody}>
        <div className={styles.earningsOrderTop}>
          <Link to={paths.order(order.orderId)} className={styles.earningsOrderTitle}>
            {order.goods.title}
          </Link>
          <OrderStatusTag status={order.status} />
        </div>
        <p className={styles.earningsOrderMeta}>
          <time dateTime={order.paidAt}>{paidDay(order.paidAt)} 付款</time>
          <span>成交价 {formatPrice(order.priceCents)}</span>
        </p>
        <ul className={styles.earningsOrderFigures}>
          {orderFigureLines(order).map((line) => (
            <li key={line.key}>
              {line.label} <strong>{line.amount}</strong>
            </li>
          ))}
        </ul>
        {order.waiting && (
          <p className={styles.earningsOrderWaiting}>
            {order.waiting}
            {waitsForPayoutAccount(order) && (
              <Link to={PAYOUT_ACCOUNT_PATH} className={styles.earningsOrderWaitingLink}>
                去设置
              </Link>
            )}
          </p>
        )}
      </div>
    </article>
  );
}
