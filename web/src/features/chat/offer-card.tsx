import type { Chat, Offer } from "@xianzhi/contract";
import { OFFER_STATUSES } from "@xianzhi/contract/constants";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { formatPrice, formatTime } from "../../components/format";
import { Button } from "../../components/kit";
import { OFFER_STATUS_TONES, StatusTag } from "../../components/status-tag";
import { message } from "../../components/toasts";
import { useNow } from "../../components/use-now";
import chatStyles from "./chat.module.css";
import { type OfferAction, offerActions, offerStatusAt, offerTimeLeft } from "./offer-rules";
import { OfferSheet } from "./offer-sheet";
import styles from "./offers.module.css";
import { useAnswerOfferMutation, useChatTradeQuery, useCounterOfferMutation } from "./offers-api";

const MINUTE = 60_000;

const ANSWER_DONE: Record<Exclude<OfferAction, "counter">, string> = {
  accept: "已接受，交易开始",
  decline: "已拒绝",
  withdraw: "已撤回",
};

interface OfferCardProps {
  chat: Chat;
  /** The `offer` message's content: the offer's id. */
  offerId: string;
  myId: string;
  mine: boolean;
}

/**
 * An `offer` message: the amount against the price, its status, how long it still waits, and what
 * the one looking may do: the side it was made to accepts, declines or counters it, its maker
 * withdraws it. Its data is the chat's trade (kept live by the socket), not the message.
 */
export function OfferCard({ chat, offerId, myId, mine }: OfferCardProps) {
  const { offer } = useChatTradeQuery(chat.chatId, {
    selectFromResult: ({ data }) => ({ offer: data?.offers.find((item) => item.id === offerId) }),
  });
  const now = useNow(MINUTE);
  const className = `${chatStyles.bubble} ${styles.offerCard}${mine ? ` ${chatStyles.bubbleMine}` : ""}`;
  if (!offer) {
    return (
      <div className={className} aria-busy="true">
        出价加载中…
      </div>
    );
  }
  const status = offerStatusAt(offer, now);
  const maker = mine ? "我" : chat.peer.nickname;
  const kind = offer.replacesId ? "还价" : "出价";
  return (
    <section className={className} aria-label={`${maker}的${kind}`}>
      <header className={styles.offerCardHead}>
        <span>
          {maker}
          {kind}
        </span>
        <StatusTag tone={OFFER_STATUS_TONES[status]}>{OFFER_STATUSES[status]}</StatusTag>
      </header>
      <p className={styles.offerCardAmounts}>
        <strong className={styles.offerCardAmount}>{formatPrice(offer.amountCents)}</strong>
        {chat.goods && <span className={styles.offerCardPrice}>售价 {formatPrice(chat.goods.priceCents)}</span>}
      </p>
      {status === "open" && <p className={styles.offerCardTime}>{offerTimeLeft(offer.expiresAt, now)}</p>}
      <OfferButtons offer={offer} actions={offerActions(offer, myId, now)} priceCents={chat.goods?.priceCents} />
      <time className={chatStyles.bubbleMeta} dateTime={offer.createdAt}>
        {formatTime(offer.createdAt, now)}
      </time>
    </section>
  );
}

function OfferButtons({ offer, actions, priceCents }: { offer: Offer; actions: OfferAction[]; priceCents?: number }) {
  const [answerOffer, answering] = useAnswerOfferMutation();
  const [counterOffer, countering] = useCounterOfferMutation();
  const [counterSheetOpen, setCounterSheetOpen] = useState(false);
  const [pending, setPending] = useState<OfferAction | null>(null);
  if (actions.length === 0) return null;

  const answer = async (action: Exclude<OfferAction, "counter">) => {
    setPending(action);
    const result = await answerOffer({ offerId: offer.id, answer: action });
    setPending(null);
    if ("error" in result) message.error(errorText(result.error));
    else message.success(ANSWER_DONE[action]);
  };
  const counter = async (amountCents: number) => {
    const result = await counterOffer({ offerId: offer.id, amountCents });
    if ("error" in result) message.error(errorText(result.error));
    else {
      setCounterSheetOpen(false);
      message.success("还价已发出");
    }
  };
  const busy = answering.isLoading || countering.isLoading;

  return (
    <div className={styles.offerCardActions}>
      {actions.includes("withdraw") && (
        <Button onClick={() => answer("withdraw")} loading={pending === "withdraw"} disabled={busy}>
          撤回
        </Button>
      )}
      {actions.includes("decline") && (
        <Button onClick={() => answer("decline")} loading={pending === "decline"} disabled={busy}>
          拒绝
        </Button>
      )}
      {actions.includes("counter") && (
        <Button onClick={() => setCounterSheetOpen(true)} disabled={busy} aria-haspopup="dialog">
          还价
        </Button>
      )}
      {actions.includes("accept") && (
        <Button type="primary" onClick={() => answer("accept")} loading={pending === "accept"} disabled={busy}>
          接受
        </Button>
      )}
      <OfferSheet
        open={counterSheetOpen}
        verb="还价"
        priceCents={priceCents ?? offer.amountCents}
        startCents={offer.amountCents}
        submitting={countering.isLoading}
        onClose={() => setCounterSheetOpen(false)}
        onSubmit={counter}
      />
    </div>
  );
}
