import { Link } from "react-router";
import { paths } from "../../app/paths";
import { formatPrice } from "../../components/format";
import { RightOutlined } from "../../components/icons";
import styles from "./earnings.module.css";
import { useEarningsQuery } from "./earnings-api";

/**
 * 我的收入 in one row atop 我卖出的: what came (已到账) and what is coming (待结算), opening the
 * screen. Only the totals are wanted: one order's page brings them.
 */
export function EarningsRow() {
  const { data } = useEarningsQuery({ page: 1, pageSize: 1 });
  return (
    <Link to={paths.earnings} className={styles.earningsRow}>
      <span className={styles.earningsRowTitle}>我的收入</span>
      {data && (
        <span className={styles.earningsRowFigures}>
          <span>
            已到账 <strong>{formatPrice(data.totals.releasedCents)}</strong>
          </span>
          <span>
            待结算 <strong>{formatPrice(data.totals.heldCents)}</strong>
          </span>
        </span>
      )}
      <RightOutlined aria-hidden="true" className={styles.earningsRowMore} />
    </Link>
  );
}
