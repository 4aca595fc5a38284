import type { DisputeDetail } from "@xianzhi/contract";
import { CARRIERS, formatPrice, REFUND_KINDS, REFUND_REASONS } from "@xianzhi/contract/constants";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { formatTime } from "../../components/format";
import { Alert, Drawer, Skeleton } from "../../components/kit";
import { messageText } from "../chat";
import { OrderTimeline } from "../orders/ui";
import { RefundWordsList } from "../refunds/ui";
import styles from "./admin.module.css";
import { historyLine } from "./dispute-rules";
import { useDisputeQuery } from "./disputes-api";
import { RulingForm } from "./ruling-form";

function DisputeDetails({ detail }: { detail: DisputeDetail }) {
  const { refund, order, buyer, seller, chat } = detail;
  const sideOf = (userId: string) => (userId === order.buyerId ? "买家" : userId === order.sellerId ? "卖家" : "");
  return (
    <div className={styles.adminContext}>
      <section>
        <h3>订单</h3>
        <Link to={paths.goodsInfo(order.goods.id)} className={styles.adminGoodsTitle}>
          {order.goods.title}
        </Link>
        <div>
          实付 {formatPrice(order.totalCents)} · 申请{REFUND_KINDS[refund.kind]} {formatPrice(refund.amountCents)} ·{" "}
          {REFUND_REASONS[refund.reason]}
        </div>
        {refund.offeredCents !== null && <div>卖家曾同意退款 {formatPrice(refund.offeredCents)}</div>}
      </section>
      <section>
        <h3>双方</h3>
        {[
          { side: "买家", user: buyer },
          { side: "卖家", user: seller },
        ].map(({ side, user }) => (
          <div key={side} className={styles.adminSide}>
            <span>
              {side}：
              <Link to={paths.user(user.id)} className={styles.adminSideLink}>
                {user.nickname}
              </Link>
            </span>
            <span className={styles.adminMuted}>{historyLine(user.history)}</span>
          </div>
        ))}
      </section>
      <section>
        <h3>物流</h3>
        <div>
          发货：
          {order.carrier && order.trackingNumber ? (
            <span className={styles.adminPaymentRef}>
              {CARRIERS[order.carrier].name} {order.trackingNumber}
            </span>
          ) : (
            "无（面交或未填写）"
          )}
        </div>
        {refund.kind === "return" && (
          <div>
            退货：
            {refund.returnCarrier && refund.returnTrackingNumber ? (
              <span className={styles.adminPaymentRef}>
                {CARRIERS[refund.returnCarrier].name} {refund.returnTrackingNumber}
              </span>
            ) : (
              "未寄回"
            )}
          </div>
        )}
      </section>
      <section>
        <h3>双方说明</h3>
        <RefundWordsList words={refund.words} />
      </section>
      <section>
        <h3>订单进度</h3>
        <OrderTimeline events={order.events} />
      </section>
      <section>
        <h3>聊天记录（{chat.length}）</h3>
        {chat.length === 0 ? (
          <p className={styles.adminMuted}>没有聊天记录</p>
        ) : (
          <ul className={styles.adminMessages}>
            {chat.map((line) => (
              <li key={`${line.createdAt}-${line.senderId}-${line.content}`}>
                <strong>{sideOf(line.senderId) || "系统"}：</strong>
                {messageText(line)}
                <span className={styles.adminMuted}> {formatTime(line.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** One dispute: everything a ruling weighs, then the ruling; once ruled it leaves the queue and the drawer closes. */
export function DisputeDrawer({ refundId, onClose }: { refundId: string | null; onClose: () => void }) {
  const { data, isFetching, error } = useDisputeQuery(refundId ?? "", {
    skip: !refundId,
    refetchOnMountOrArgChange: true,
  });
  const open = refundId !== null;
  return (
    <Drawer open={open} onClose={onClose} title="处理纠纷" width="min(100vw, 560px)" destroyOnHidden>
      {isFetching && <Skeleton active />}
      {error && !isFetching && <Alert type="info" title="纠纷已处理，或不存在" />}
      {data && !isFetching && refundId && (
        <>
          <DisputeDetails detail={data} />
          {data.refund.status === "disputed" ? (
            <RulingForm refundId={refundId} paidCents={data.refund.paidCents} onDone={onClose} />
          ) : (
            <Alert type="info" title="已由其他管理员裁决" />
          )}
        </>
      )}
    </Drawer>
  );
}
