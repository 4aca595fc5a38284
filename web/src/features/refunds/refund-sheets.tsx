import type { AgreeRefundBody, Refund, RefundWordsBody } from "@xianzhi/contract";
import { formatPrice, RefundLimits } from "@xianzhi/contract/constants";
import { useId, useRef, useState } from "react";
import { Input, type InputRef } from "../../components/kit";
import { SheetField, SheetForm, SheetNote } from "../../components/sheet-form";
import { AddressPicker } from "../addresses/ui";
import { centsToYuan, checkRefundAmount } from "../orders";
import { type EvidencePhoto, EvidencePhotos } from "../orders/ui";
import { checkWords } from "./refund-rules";
import styles from "./refunds.module.css";

interface FormProps<Body> {
  refund: Refund;
  submitting: boolean;
  onSubmit(body: Body): void;
}

/** 同意退货 / 同意部分退款: the part offered (a counter) and, for 退货退款, where the goods go back. */
export function AgreeForm({ refund, submitting, onSubmit, part }: FormProps<AgreeRefundBody> & { part: boolean }) {
  const isReturn = refund.kind === "return";
  const [addressId, setAddressId] = useState<string | undefined>();
  const [amount, setAmount] = useState(part ? "" : centsToYuan(refund.amountCents));
  const [error, setError] = useState("");
  const [addressError, setAddressError] = useState("");
  const amountInput = useRef<InputRef>(null);
  const noteId = useId();

  const submit = () => {
    const checked = part ? checkRefundAmount(amount, refund.amountCents, true) : { amountCents: refund.amountCents };
    if ("error" in checked) {
      setError(checked.error);
      amountInput.current?.focus();
      return;
    }
    if (isReturn && !addressId) {
      setAddressError("请选择退货地址");
      return;
    }
    onSubmit({
      ...(part ? { amountCents: checked.amountCents } : {}),
      ...(isReturn && addressId ? { addressId } : {}),
    });
  };

  return (
    <SheetForm submitLabel={part ? "提出部分退款" : "同意退货"} submitting={submitting} onSubmit={submit}>
      {part && (
        <>
          <SheetField
            label="同意退款金额（元）"
            inputRef={amountInput}
            error={error}
            describedBy={noteId}
            inputMode="decimal"
            prefix="¥"
            autoComplete="off"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setError("");
            }}
          />
          <SheetNote id={noteId}>
            买家申请 {formatPrice(refund.amountCents)}；少于此金额需买家确认，买家也可申请平台介入
          </SheetNote>
        </>
      )}
      {isReturn && (
        <>
          <span className={styles.refundSheetLabel}>退货地址</span>
          <AddressPicker
            value={addressId}
            onChange={(id) => {
              setAddressId(id);
              setAddressError("");
            }}
          />
          {addressError && (
            <p className={styles.refundSheetError} role="alert">
              {addressError}
            </p>
          )}
          <SheetNote>买家将按此地址寄回商品，你确认收到后退款给买家</SheetNote>
        </>
      )}
    </SheetForm>
  );
}

/** What each kind of words asks for, and what follows. */
export const WORDS_FORMS = {
  refuse: { title: "拒绝退款", submit: "确认拒绝", note: "写明拒绝的理由并附上凭证，买家可申请平台介入" },
  rejectReturn: { title: "退货有问题", submit: "提交", note: "说明退回的商品有什么问题并附上照片，平台将介入处理" },
  statement: { title: "补充说明", submit: "提交说明", note: "只能补充一次，平台将结合双方说明和凭证作出裁决" },
} as const;

/** 拒绝 / 退货有问题 / 补充说明: the side's words with photos. */
export function WordsForm({
  kind,
  submitting,
  onSubmit,
}: Omit<FormProps<RefundWordsBody>, "refund"> & { kind: keyof typeof WORDS_FORMS }) {
  const [text, setText] = useState("");
  const [photos, setPhotos] = useState<EvidencePhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState("");
  const textId = useId();
  const errorId = useId();
  const words = WORDS_FORMS[kind];

  const submit = () => {
    if (uploading) return;
    const checked = checkWords(text, RefundLimits.descriptionMax);
    if ("error" in checked) {
      setError(checked.error);
      return;
    }
    onSubmit({ text: checked.text, fileIds: photos.map((photo) => photo.fileId) });
  };

  return (
    <SheetForm submitLabel={uploading ? "图片上传中…" : words.submit} submitting={submitting} onSubmit={submit}>
      <SheetNote>{words.note}</SheetNote>
      <label htmlFor={textId} className={styles.refundSheetLabel}>
        说明
      </label>
      <Input.TextArea
        id={textId}
        value={text}
        maxLength={RefundLimits.descriptionMax}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        status={error ? "error" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError("");
        }}
      />
      {error && (
        <p id={errorId} className={styles.refundSheetError} role="alert">
          {error}
        </p>
      )}
      <EvidencePhotos value={photos} onChange={setPhotos} onBusyChange={setUploading} />
    </SheetForm>
  );
}
