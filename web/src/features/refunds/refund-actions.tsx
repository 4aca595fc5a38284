import type { Refund } from "@xianzhi/contract";
import { formatPrice } from "@xianzhi/contract/constants";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { type Confirmation, ConfirmButton } from "../../components/confirm-button";
import { Button } from "../../components/kit";
import { Sheet } from "../../components/sheet";
import { message } from "../../components/toasts";
import { TrackingForm } from "../orders/ui";
import { primaryButton, type RefundButton, refundButtonLabel, refundButtons } from "./refund-rules";
import { AgreeForm, WORDS_FORMS, WordsForm } from "./refund-sheets";
import styles from "./refunds.module.css";
import { type RefundActionArgs, useActOnRefundMutation } from "./refunds-api";

/** Buttons that move money or cannot be undone, asked once more; the rest open a sheet. */
type Confirmed = "agree" | "accept" | "withdraw" | "escalate" | "receiveReturn";

/** What each confirmed button asks first, so that a tap by mistake moves no money. */
export function confirmation(button: Confirmed, refund: Refund): Confirmation {
  const offered = formatPrice(refund.offeredCents ?? refund.amountCents);
  switch (button) {
    case "agree":
      return {
        title: `同意退款 ${formatPrice(refund.amountCents)}？`,
        description: "货款将原路退回买家，无法撤回",
        ok: "同意退款",
        danger: true,
      };
    case "accept":
      return refund.kind === "return"
        ? { title: `接受退款 ${offered}？`, description: "接受后请按卖家的地址寄回商品", ok: "接受", danger: false }
        : {
            title: `接受退款 ${offered}？`,
            description: "接受后立即退款，不能再申请平台介入",
            ok: "接受",
            danger: false,
          };
    case "withdraw":
      return {
        title: "撤销退款申请？",
        description: "撤销后这笔订单不能再申请退款，订单照常进行",
        ok: "撤销申请",
        danger: true,
      };
    case "escalate":
      return {
        title: "申请平台介入？",
        description: "平台将核实双方的说明和凭证后裁决，裁决即为最终结果",
        ok: "申请介入",
        danger: false,
      };
    case "receiveReturn":
      return {
        title: "确认已收到退货？",
        description: `确认后 ${formatPrice(refund.refundCents ?? refund.amountCents)} 原路退回买家，无法撤回`,
        ok: "确认收货并退款",
        danger: true,
      };
  }
}

/** What the toast says once done. */
const DONE: Record<RefundButton, string> = {
  agree: "已同意",
  counter: "已提出部分退款，等待买家确认",
  refuse: "已拒绝退款",
  accept: "已接受",
  shipReturn: "已提交退货单号",
  receiveReturn: "已确认收货，货款原路退回买家",
  rejectReturn: "已提交，平台将介入处理",
  escalate: "已申请平台介入",
  statement: "已补充说明",
  withdraw: "已撤销退款申请",
};

/** Runs an action; its refusal shows the envelope's words. Answers whether it was done. */
function useRefundAction(refund: Refund) {
  const [act, { isLoading }] = useActOnRefundMutation();
  const run = async (button: RefundButton, args: RefundActionArgs) => {
    const result = await act(args);
    if ("error" in result) {
      message.error(errorText(result.error));
      return false;
    }
    message.success(DONE[button]);
    return true;
  };
  return { run, isLoading, ids: { refundId: refund.id, orderId: refund.orderId } };
}

/** One button of a refund, with what it opens first: a confirmation or a sheet. */
function RefundActionButton({ refund, button, primary }: { refund: Refund; button: RefundButton; primary: boolean }) {
  const { run, isLoading, ids } = useRefundAction(refund);
  const [open, setOpen] = useState(false);
  const label = refundButtonLabel(button, refund);
  const type = primary ? "primary" : "default";
  const submit = async (args: RefundActionArgs) => {
    if (await run(button, args)) setOpen(false);
  };

  const sheet =
    button === "counter" || (button === "agree" && refund.kind === "return") ? (
      <AgreeForm
        refund={refund}
        part={button === "counter"}
        submitting={isLoading}
        onSubmit={(body) => submit({ ...ids, action: "agree", body })}
      />
    ) : button === "refuse" || button === "rejectReturn" || button === "statement" ? (
      <WordsForm kind={button} submitting={isLoading} onSubmit={(body) => submit({ ...ids, action: button, body })} />
    ) : button === "shipReturn" ? (
      <TrackingForm
        submitLabel="提交退货单号"
        fieldLabel="退货快递单号"
        submitting={isLoading}
        onSubmit={(body) => submit({ ...ids, action: "shipReturn", body })}
      />
    ) : null;

  if (sheet) {
    const title = button in WORDS_FORMS ? WORDS_FORMS[button as keyof typeof WORDS_FORMS].title : label;
    return (
      <>
        <Button type={type} danger={button === "refuse"} onClick={() => setOpen(true)} aria-haspopup="dialog">
          {label}
        </Button>
        <Sheet title={title} open={open} onClose={() => setOpen(false)}>
          {sheet}
        </Sheet>
      </>
    );
  }
  const confirmed = button as Confirmed;
  const asked = confirmation(confirmed, refund);
  return (
    <ConfirmButton
      asked={asked}
      onConfirm={() =>
        run(button, confirmed === "agree" ? { ...ids, action: "agree", body: {} } : { ...ids, action: confirmed })
      }
      type={type}
      danger={asked.danger && !primary}
      loading={isLoading}
    >
      {label}
    </ConfirmButton>
  );
}

/** Every button the caller has on the refund now, the one that moves it on first and in colour. */
export function RefundActions({ refund }: { refund: Refund }) {
  const buttons = refundButtons(refund);
  if (buttons.length === 0) return null;
  const primary = primaryButton(buttons);
  const ordered = primary ? [primary, ...buttons.filter((button) => button !== primary)] : buttons;
  return (
    <div className={styles.refundActions}>
      {ordered.map((button) => (
        <RefundActionButton key={button} refund={refund} button={button} primary={button === primary} />
      ))}
    </div>
  );
}
