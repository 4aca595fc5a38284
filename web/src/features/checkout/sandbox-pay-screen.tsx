import type { SandboxPayment } from "@xianzhi/contract";
import { useEffect } from "react";
import { useParams } from "react-router";
import { errorText } from "../../app/api-error";
import { titles } from "../../app/paths";
import { formatPrice } from "../../components/format";
import { Button, Result, Skeleton } from "../../components/kit";
import { message } from "../../components/toasts";
import { useDocumentTitle } from "../../components/use-document-title";
import styles from "./checkout.module.css";
import { useSandboxPaymentQuery, useSettleSandboxPaymentMutation } from "./checkout-api";
import { useGoTo } from "./use-go-to";

/** How long the result shows before the page goes back, as a provider's cashier does. */
const BACK_AFTER_MS = 1500;

const OUTCOMES: Record<
  Exclude<SandboxPayment["status"], "pending">,
  { status: "success" | "error" | "info"; title: string }
> = {
  succeeded: { status: "success", title: "支付成功" },
  failed: { status: "error", title: "支付失败" },
  closed: { status: "info", title: "支付单已关闭" },
};

/**
 * The sandbox payment provider's cashier (PAYMENT_PROVIDER=sandbox): clearly a test, it shows what
 * is paid and how much, and takes 支付 or 支付失败. The provider then tells the product by its
 * webhook; the page shows the outcome and goes back to the order.
 */
export default function SandboxPayScreen() {
  useDocumentTitle(titles.sandboxPay);
  const { paymentId = "" } = useParams();
  const { data: payment, error, isLoading } = useSandboxPaymentQuery(paymentId);
  const [settle, { isLoading: settling, originalArgs, data: settled }] = useSettleSandboxPaymentMutation();
  const goTo = useGoTo();
  const returnUrl = payment?.returnUrl;
  // Back to the order on its own only after a choice made here, not on opening a settled payment.
  const justSettled = settled !== undefined && settled.status !== "pending";

  useEffect(() => {
    if (!justSettled || !returnUrl) return;
    const timer = setTimeout(() => goTo(returnUrl), BACK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [justSettled, returnUrl, goTo]);

  if (isLoading) return <Skeleton active className="page" />;
  if (error || !payment) return <Result status="404" title={errorText(error)} />;

  const choose = async (outcome: "pay" | "fail") => {
    const result = await settle({ paymentId, outcome });
    if ("error" in result) message.error(errorText(result.error));
  };

  return (
    <div className={`page ${styles.cashier}`}>
      <header className={styles.cashierHeader}>
        <h1 className={styles.cashierBrand}>沙箱支付</h1>
        <span className={styles.cashierBadge}>测试环境</span>
      </header>
      <p className={styles.cashierWarning}>这是测试用的模拟收银台，不会产生真实扣款。</p>
      <section className={styles.cashierBill} aria-label="支付信息">
        <div className={styles.cashierSubject}>{payment.subject}</div>
        <div className={styles.cashierAmount}>{formatPrice(payment.amountCents)}</div>
      </section>
      {payment.status === "pending" ? (
        <div className={styles.cashierButtons}>
          <Button
            type="primary"
            size="large"
            block
            loading={settling && originalArgs?.outcome === "pay"}
            disabled={settling}
            onClick={() => void choose("pay")}
          >
            支付
          </Button>
          <Button
            size="large"
            block
            loading={settling && originalArgs?.outcome === "fail"}
            disabled={settling}
            onClick={() => void choose("fail")}
          >
            支付失败
          </Button>
        </div>
      ) : (
        <Result
          {...OUTCOMES[payment.status]}
          subTitle={justSettled ? "正在返回商户…" : undefined}
          extra={
            <Button type="primary" onClick={() => goTo(payment.returnUrl)}>
              返回商户
            </Button>
          }
        />
      )}
    </div>
  );
}
