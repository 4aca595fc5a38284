import type { Order } from "@xianzhi/contract";
import { OrderActionButton } from "./order-actions";
import { nextButton } from "./order-rules";
import { orderStatusLine } from "./order-status";
import styles from "./orders.module.css";

/**
 * An order's next step on a card: the running timer counted down (or why it closed), and beside it
 * the one action that moves the order on; the rest (cancelling, extending) are on its page.
 */
export function OrderNextStep({ order, now }: { order: Order; now: number }) {
  const next = nextButton(order);
  const line = orderStatusLine(order, now);
  if (!next && !line) return null;
  return (
    <div className={styles.orderNextStep}>
      {line && <p className={styles.orderNextStepLine}>{line}</p>}
      {next && <OrderActionButton order={order} button={next} primary />}
    </div>
  );
}
