import type { Chat, Deal } from "@xianzhi/contract";
import { DEAL_PROCESS, DEAL_STATUSES, nextActions } from "@xianzhi/contract/constants";
import { useNavigate } from "react-router";
import { errorText } from "../../app/api-error";
import { paths } from "../../app/paths";
import { formatPrice } from "../../components/format";
import { Button, Popconfirm } from "../../components/kit";
import { DEAL_STATUS_TONES, StatusTag } from "../../components/status-tag";
import { message } from "../../components/toasts";
import { OrderBar } from "../orders/ui";
import { DealReview } from "../trade/ui";
import styles from "./offers.module.css";
import { useChatTradeQuery, useEndDealMutation } from "./offers-api";

/**
 * The chat's deal under its header. Paid through a protected order (担保交易): the order's bar (its
 * state, timer, next action, and its page). Otherwise a deal settled between the two, 无平台保障:
 * 交易中 with 担保付款 for its buyer (the checkout, to pay through the product instead), 确认成交
 * (the seller) and 取消交易 (either side, each after a confirmation), then 已成交 with the review,
 * or 已取消. Nothing before an offer is accepted.
 */
export function DealBar({ chat, myId }: { chat: Chat; myId: string }) {
  const navigate = useNavigate();
  const { deal } = useChatTradeQuery(chat.chatId, { selectFromResult: ({ data }) => ({ deal: data?.deal }) });
  if (!deal) return null;
  const review = deal.status === "completed" && <DealReview deal={deal} myId={myId} peerName={chat.peer.nickname} />;
  if (deal.orderId !== null) {
    return (
      <section className={styles.dealBar} aria-label="交易">
        <OrderBar orderId={deal.orderId}>{review}</OrderBar>
      </section>
    );
  }
  const buyerMayPay = deal.status === "reserved" && deal.buyerId === myId;
  return (
    <section className={styles.dealBar} aria-label="交易">
      <StatusTag tone={DEAL_STATUS_TONES[deal.status]}>{DEAL_STATUSES[deal.status]}</StatusTag>
      <span className={styles.dealBarPrice}>成交价 {formatPrice(deal.priceCents)}</span>
      <span className={styles.dealBarOffline}>无平台保障</span>
      <div className={styles.dealBarActions}>
        {buyerMayPay && (
          <Button type="primary" onClick={() => navigate(paths.checkout(deal.goodsId))}>
            担保付款
          </Button>
        )}
        <DealActions deal={deal} seller={deal.sellerId === myId} />
        {review}
      </div>
    </section>
  );
}

/** 取消交易 and 确认成交, each where the deal process lets this side take it (DEAL_PROCESS). */
function DealActions({ deal, seller }: { deal: Deal; seller: boolean }) {
  const [endDeal, { isLoading, originalArgs }] = useEndDealMutation();
  const actions = nextActions(DEAL_PROCESS, deal.status, seller ? "seller" : "buyer");
  const end = async (how: "complete" | "cancel") => {
    const result = await endDeal({ dealId: deal.id, end: how });
    if ("error" in result) message.error(errorText(result.error));
    else message.success(how === "complete" ? "已确认成交" : "交易已取消");
  };
  const ending = (how: "complete" | "cancel") => isLoading && originalArgs?.end === how;
  return (
    <>
      {actions.includes("cancel") && (
        <Popconfirm
          title="确定取消这笔交易吗？"
          description={seller ? "闲置会重新上架，可以接受其他出价" : "卖家会收到通知，闲置重新上架"}
          okText="取消交易"
          cancelText="再想想"
          okButtonProps={{ danger: true }}
          onConfirm={() => end("cancel")}
        >
          <Button loading={ending("cancel")} disabled={isLoading}>
            取消交易
          </Button>
        </Popconfirm>
      )}
      {actions.includes("complete") && (
        <Popconfirm
          title="确认这笔交易已经完成？"
          description="确认后闲置标记为已售出，双方可以互相评价"
          okText="确认成交"
          cancelText="再想想"
          onConfirm={() => end("complete")}
        >
          <Button type="primary" loading={ending("complete")} disabled={isLoading}>
            确认成交
          </Button>
        </Popconfirm>
      )}
    </>
  );
}
