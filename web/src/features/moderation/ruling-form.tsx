import type { DisputeRuling, DisputeRulingBody } from "@xianzhi/contract";
import { DISPUTE_RULINGS, formatPrice, RefundLimits } from "@xianzhi/contract/constants";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { Alert, Button, Input, Modal, Radio } from "../../components/kit";
import { message } from "../../components/toasts";
import { useFreshProof } from "../accounts/ui";
import styles from "./admin.module.css";
import { checkRuling, type RulingErrors, rulingRefundCents } from "./dispute-rules";
import { useRuleDisputeMutation } from "./disputes-api";

/** The rulings as the form offers them, in words a moderator reads at a glance. */
const RULING_CHOICES: { value: DisputeRuling; label: string }[] = [
  { value: "refund", label: "全额退款" },
  { value: "split", label: "部分退款" },
  { value: "release", label: "货款给卖家" },
];

/**
 * The ruling: 全额退款 / 部分退款 (an amount, more than 0 and less than paid) / 货款给卖家, with the
 * reason both sides are told; asked once more before the money moves.
 */
export function RulingForm({ refundId, paidCents, onDone }: { refundId: string; paidCents: number; onDone(): void }) {
  const [ruling, setRuling] = useState<DisputeRuling | undefined>();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<RulingErrors>({});
  const [failure, setFailure] = useState("");
  const [asking, setAsking] = useState<DisputeRulingBody | null>(null);
  const [rule, { isLoading }] = useRuleDisputeMutation();
  // Money moved by a moderator's word: the server may first ask them to prove it is them.
  const { withProof, dialog } = useFreshProof();

  const check = () => {
    const checked = checkRuling({ ruling, amount, reason }, paidCents);
    if ("errors" in checked) {
      setErrors(checked.errors);
      return;
    }
    setAsking(checked.body);
  };
  const send = async (body: DisputeRulingBody) => {
    setFailure("");
    setAsking(null);
    const result = await withProof(() => rule({ refundId, body }));
    if ("error" in result) {
      setFailure(errorText(result.error));
      return;
    }
    message.success("已裁决，双方会收到通知");
    onDone();
  };

  return (
    <form
      className={styles.adminActionForm}
      aria-label="裁决"
      onSubmit={(event) => {
        event.preventDefault();
        check();
      }}
    >
      <h3>裁决（实付 {formatPrice(paidCents)}）</h3>
      <Radio.Group
        aria-label="裁决结果"
        value={ruling}
        optionType="button"
        options={RULING_CHOICES}
        onChange={(event) => {
          setRuling(event.target.value);
          setErrors({});
        }}
      />
      {errors.ruling && <div className={styles.adminError}>{errors.ruling}</div>}
      {ruling === "split" && (
        <>
          <Input
            aria-label="退给买家的金额（元）"
            placeholder={`退给买家的金额，少于 ${formatPrice(paidCents)}`}
            inputMode="decimal"
            prefix="¥"
            value={amount}
            status={errors.amount ? "error" : undefined}
            onChange={(event) => {
              setAmount(event.target.value);
              setErrors((shown) => ({ ...shown, amount: undefined }));
            }}
          />
          {errors.amount && <div className={styles.adminError}>{errors.amount}</div>}
        </>
      )}
      <Input.TextArea
        aria-label="裁决理由"
        placeholder="裁决理由（必填，买卖双方都会看到）"
        value={reason}
        maxLength={RefundLimits.rulingReasonMax}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
        status={errors.reason ? "error" : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setErrors((shown) => ({ ...shown, reason: undefined }));
        }}
      />
      {errors.reason && <div className={styles.adminError}>{errors.reason}</div>}
      {failure && <Alert type="error" title={failure} role="alert" />}
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        提交裁决
      </Button>
      <Modal
        open={asking !== null}
        title="确认裁决？"
        okText="确认裁决"
        cancelText="再想想"
        okButtonProps={{ danger: true, loading: isLoading }}
        onOk={() => asking && send(asking)}
        onCancel={() => setAsking(null)}
      >
        {asking && (
          <p>
            {DISPUTE_RULINGS[asking.ruling]}：退给买家 {formatPrice(rulingRefundCents(asking, paidCents))}，其余{" "}
            {formatPrice(paidCents - rulingRefundCents(asking, paidCents))} 给卖家。裁决后立即执行，无法撤回。
          </p>
        )}
      </Modal>
      {dialog}
    </form>
  );
}
