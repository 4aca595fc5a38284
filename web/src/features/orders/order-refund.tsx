import type { Order } from "@xianzhi/contract";
import { formatPrice, REFUND_KINDS, REFUND_STATUSES } from "@xianzhi/contract/constants";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { errorText } from "../../app/api-error";
import { paths } from "../../app/paths";
import { RightOutlined } from "../../components/icons";
import { Button } from "../../components/kit";
import { StatusTag } from "../../components/status-tag";
import { message } from "../../components/toasts";
import styles from "./orders.module.css";
import { useRequestRefundMutation } from "./orders-api";
import { isRefundOpen } from "./refund-request-rules";
import { RefundRequestSheet } from "./refund-request-sheet";

/** 申请退款: the buyer of a shipped order, once; the request's page opens when it is made. */
export function RequestRefundButton({ order }: { order: Pick<Order, "id" | "totalCents" | "actions"> }) {
  const [open, setOpen] = useState(false);
  const [request, { isLoading }] = useRequestRefundMutation();
  const navigate = useNavigate();
  if (!order.actions.includes("requestRefund")) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
        申请退款
      </Button>
      <RefundRequestSheet
        order={order}
        open={open}
        submitting={isLoading}
        onClose={() => setOpen(false)}
        onSubmit={async (body) => {
          const result = await request({ orderId: order.id, body });
          if ("error" in result) {
            message.error(errorText(result.error));
            return;
          }
          setOpen(false);
          message.success("已提交退款申请，等待卖家处理");
          navigate(paths.refund(result.data.id));
        }}
      />
    </>
  );
}

/** 售后: the order's refund request in a card: its state, kind and amount, and the way to its page. */
export function RefundCard({ refund }: { refund: NonNullable<Order["refund"]> }) {
  return (
    <section className={styles.orderScreenSection} aria-labelledby="order-refund">
      <h2 id="order-refund" className={styles.orderScreenHeading}>
        售后
      </h2>
      <Link to={paths.refund(refund.id)} className={styles.refundCard}>
        <span className={styles.refundCardText}>
          <StatusTag tone={isRefundOpen(refund) ? "waiting" : refund.status === "refunded" ? "done" : undefined}>
            {REFUND_STATUSES[refund.status]}
          </StatusTag>
          <span>
            {REFUND_KINDS[refund.kind]} {formatPrice(refund.amountCents)}
          </span>
        </span>
        <span className={styles.refundCardLink}>
          查看退款详情
          <RightOutlined aria-hidden />
        </span>
      </Link>
    </section>
  );
}
