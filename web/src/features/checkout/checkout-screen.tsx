import type { Checkout, DeliveryMethod } from "@xianzhi/contract";
import { DELIVERY_METHODS, Errors } from "@xianzhi/contract/constants";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { type ApiError, errorText } from "../../app/api-error";
import { paths, titles } from "../../app/paths";
import { formatPrice } from "../../components/format";
import { Alert, Button, Radio, Result, Skeleton } from "../../components/kit";
import { message } from "../../components/toasts";
import { useDocumentTitle } from "../../components/use-document-title";
import { AddressPicker } from "../addresses/ui";
import styles from "./checkout.module.css";
import { useCheckoutQuery, useCreateOrderMutation } from "./checkout-api";
import { amountLines, orderBody, PROTECTION_NOTE } from "./checkout-rules";
import { useGoTo } from "./use-go-to";

const DELIVERY_CHOICES = (Object.keys(DELIVERY_METHODS) as DeliveryMethod[]).map((value) => ({
  value,
  label: DELIVERY_METHODS[value],
}));

const MEETUP_NOTE = "当面验货后，向卖家出示订单里的取件码，卖家输入后交易完成。";

/**
 * 确认订单: the goods, how they come (快递 to an address of the book, or 面交), the amount, what
 * protection means, and 提交订单, which makes the order and goes to pay it.
 */
export default function CheckoutScreen() {
  useDocumentTitle(titles.checkout);
  const { goodsId = "" } = useParams();
  const navigate = useNavigate();
  const { data: checkout, error, isLoading, refetch } = useCheckoutQuery(goodsId, { refetchOnMountOrArgChange: true });
  const [delivery, setDelivery] = useState<DeliveryMethod>("shipping");
  const [addressId, setAddressId] = useState<string>();
  /** The server's word that the amount moved since it was shown (ORDER_AMOUNT_CHANGED). */
  const [amountNotice, setAmountNotice] = useState<string>();
  const [createOrder, { isLoading: submitting }] = useCreateOrderMutation();
  const goTo = useGoTo();

  if (isLoading) return <Skeleton active className="page" />;
  if (error || !checkout) {
    return (
      <Result
        status="warning"
        title={errorText(error)}
        extra={<Button onClick={() => navigate(paths.goodsInfo(goodsId))}>返回商品</Button>}
      />
    );
  }

  const submit = async () => {
    const order = orderBody(checkout, delivery, addressId);
    if ("missing" in order) return message.warning(order.missing);
    const result = await createOrder(order.body);
    if ("error" in result) {
      // The amount moved since it was shown: the buyer sees the new one before ordering again, said
      // once, beside the amount (an alert, read out), not again in a toast.
      if ((result.error as Partial<ApiError>).code === Errors.ORDER_AMOUNT_CHANGED.code) {
        setAmountNotice(errorText(result.error));
        void refetch();
        return;
      }
      return message.error(errorText(result.error));
    }
    const { payUrl, id } = result.data;
    if (!payUrl || !goTo(payUrl)) navigate(paths.order(id));
  };

  return (
    <div className={`page ${styles.checkout}`}>
      <h1 className={styles.checkoutTitle}>确认订单</h1>
      <GoodsSection checkout={checkout} />
      <section className={styles.checkoutSection} aria-labelledby="checkout-delivery">
        <h2 id="checkout-delivery">配送方式</h2>
        <Radio.Group
          aria-labelledby="checkout-delivery"
          optionType="button"
          buttonStyle="solid"
          options={DELIVERY_CHOICES}
          value={delivery}
          onChange={(event) => setDelivery(event.target.value as DeliveryMethod)}
          className={styles.checkoutDelivery}
        />
        {delivery === "shipping" ? (
          <AddressPicker value={addressId} onChange={setAddressId} />
        ) : (
          <p className={styles.checkoutNote}>{MEETUP_NOTE}</p>
        )}
      </section>
      <section className={styles.checkoutSection} aria-labelledby="checkout-amount">
        <h2 id="checkout-amount">金额</h2>
        {amountNotice && <Alert type="warning" showIcon message={amountNotice} className={styles.checkoutChanged} />}
        <AmountLines checkout={checkout} />
      </section>
      <p className={styles.checkoutProtection}>{PROTECTION_NOTE}</p>
      <div className={styles.checkoutBar}>
        <span className={styles.checkoutBarTotal}>
          合计 <strong>{formatPrice(checkout.totalCents)}</strong>
        </span>
        <Button type="primary" size="large" loading={submitting} onClick={() => void submit()}>
          提交订单
        </Button>
      </div>
    </div>
  );
}

function GoodsSection({ checkout }: { checkout: Checkout }) {
  const { goods, seller } = checkout;
  return (
    <section className={`${styles.checkoutSection} ${styles.checkoutGoods}`} aria-label="商品">
      {goods.coverUrl && <img src={goods.coverUrl} alt="" className={styles.checkoutGoodsCover} />}
      <div className={styles.checkoutGoodsText}>
        <Link to={paths.goodsInfo(goods.id)} className={styles.checkoutGoodsTitle}>
          {goods.title}
        </Link>
        <span className={styles.checkoutGoodsSeller}>卖家 {seller.nickname}</span>
      </div>
    </section>
  );
}

function AmountLines({ checkout }: { checkout: Checkout }) {
  return (
    <dl className={styles.checkoutAmounts}>
      {amountLines(checkout).map((line) => (
        <div key={line.label} className={styles.checkoutAmountsLine}>
          <dt>{line.label}</dt>
          <dd>{formatPrice(line.cents)}</dd>
        </div>
      ))}
      <div className={`${styles.checkoutAmountsLine} ${styles.checkoutAmountsTotal}`}>
        <dt>合计</dt>
        <dd>{formatPrice(checkout.totalCents)}</dd>
      </div>
    </dl>
  );
}
