import type { ReconciliationDay } from "@xianzhi/contract";
import { errorText } from "../../app/api-error";
import { formatTime } from "../../components/format";
import { Alert, Empty, Skeleton, Tag } from "../../components/kit";
import styles from "./admin.module.css";
import { useReconciliationsQuery } from "./admin-api";
import { dayHeadline, mismatchLine } from "./reconciliation-lines";

/** One reconciled day: what was compared, and each movement the two books disagree on. */
function ReconciledDay({ day }: { day: ReconciliationDay }) {
  const headline = dayHeadline(day);
  const headingId = `reconciliation-${day.day}`;
  return (
    <li className={styles.adminReconciliationDay}>
      <article aria-labelledby={headingId}>
        <div className={styles.adminReconciliationHead}>
          <h2 id={headingId} className={styles.adminReconciliationDate}>
            {headline.day}
          </h2>
          {headline.checked && <span>{headline.checked}</span>}
          {headline.mismatched && (
            <Tag color="red" className={styles.adminReconciliationBadge}>
              {headline.mismatched}
            </Tag>
          )}
          {headline.unavailable && <span className={styles.adminMuted}>{headline.unavailable}</span>}
        </div>
        <div className={styles.adminMuted}>
          {headline.provider} · 核对于 {formatTime(day.ranAt)}
        </div>
        {headline.unchecked && <div className={styles.adminMuted}>{headline.unchecked}</div>}
        {day.mismatches.length > 0 && (
          <ul className={styles.adminMismatches} aria-label={`${headline.day} 不一致的款项`}>
            {day.mismatches.map(mismatchLine).map((line) => (
              <li key={line.key} className={styles.adminMismatch}>
                <div className={styles.adminMismatchTitle}>
                  <Tag>{line.kind}</Tag>
                  <span className={styles.adminMismatchProblem}>{line.problem}</span>
                </div>
                <code className={styles.adminPaymentRef}>{line.paymentRef}</code>
                <div>{line.amounts}</div>
                {line.order && <div className={styles.adminMuted}>{line.order}</div>}
              </li>
            ))}
          </ul>
        )}
      </article>
    </li>
  );
}

/**
 * 对账: each day's bill from the payment provider compared with the ledger (a job does it every
 * morning for the day before), newest first, with what did not match.
 */
export function ReconciliationList() {
  // The daily job may have compared another day since: the tab reads the list again as it opens.
  const { data, isLoading, error } = useReconciliationsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <>
      {isLoading && <Skeleton active />}
      {error && <Alert type="error" title={errorText(error)} role="alert" />}
      {data && data.length === 0 && <Empty description="还没有对账记录（每天自动核对前一天的账单）" />}
      {data && data.length > 0 && (
        <ol className={styles.adminReconciliations}>
          {data.map((day) => (
            <ReconciledDay key={day.day} day={day} />
          ))}
        </ol>
      )}
    </>
  );
}
