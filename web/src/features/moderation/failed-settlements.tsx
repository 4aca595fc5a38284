import type { FailedSettlement } from "@xianzhi/contract";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { Alert, Button } from "../../components/kit";
import { message } from "../../components/toasts";
import { useFreshProof } from "../accounts/ui";
import styles from "./admin.module.css";
import { settlementLine } from "./settlement-lines";
import { useFailedSettlementsQuery, useRetrySettlementMutation } from "./settlements-api";

/** One failed refund or release, and its 重试: only this line's button waits while it runs. */
function FailedSettlementLine({ settlement }: { settlement: FailedSettlement }) {
  const line = settlementLine(settlement);
  const [retry, { isLoading }] = useRetrySettlementMutation();
  const [failure, setFailure] = useState("");
  // Money moved by hand: the server may first ask the moderator to prove it is them.
  const { withProof, dialog } = useFreshProof();

  const handleRetry = async () => {
    setFailure("");
    const result = await withProof(() => retry(settlement.orderId));
    if ("error" in result) {
      setFailure(errorText(result.error));
    } else if (result.data.settled) {
      message.success("重试成功，款项已转出");
    } else {
      message.warning("支付机构仍未完成，稍后会继续重试");
    }
  };

  return (
    <li className={styles.adminSettlement}>
      <div className={styles.adminSettlementText}>
        <strong className={styles.adminSettlementTitle}>{line.title}</strong>
        <span>{line.owed}</span>
        <span className={styles.adminMuted}>
          {line.attempts}
          {line.lastTried && ` · ${line.lastTried}`}
        </span>
        {failure && <Alert type="error" title={failure} role="alert" />}
      </div>
      <Button loading={isLoading} onClick={handleRetry} aria-label={`重试：${line.title}`}>
        重试
      </Button>
      {dialog}
    </li>
  );
}

/**
 * 打款失败: money the payment provider refused to move after every automatic retry, each with a
 * 重试. Nothing at all while there is none; a failed read says so rather than look like none.
 */
export function FailedSettlements() {
  // A settlement may have failed (or been retried by another moderator) since: read again on opening.
  const { data, error } = useFailedSettlementsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (error) return <Alert type="error" title={`打款失败的款项读取失败：${errorText(error)}`} role="alert" />;
  if (!data || data.length === 0) return null;
  return (
    <section className={styles.adminSettlements} aria-labelledby="failed-settlements">
      <h2 id="failed-settlements" className={styles.adminSettlementsHeading}>
        打款失败
      </h2>
      <p className={styles.adminMuted}>支付机构多次未完成，已停止自动重试；确认支付机构恢复后可重试。</p>
      <ul className={styles.adminSettlementList}>
        {data.map((settlement) => (
          <FailedSettlementLine key={settlement.orderId} settlement={settlement} />
        ))}
      </ul>
    </section>
  );
}
