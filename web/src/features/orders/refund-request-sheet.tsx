import type { CreateRefundBody, Order, RefundKind } from "@xianzhi/contract";
import { formatPrice, REFUND_KINDS, RefundLimits } from "@xianzhi/contract/constants";
import { useId, useRef, useState } from "react";
import { Input, type InputRef } from "../../components/kit";
import { PlainSelect, Segmented } from "../../components/plain-controls";
import { Sheet } from "../../components/sheet";
import { SheetField, SheetForm, SheetNote } from "../../components/sheet-form";
import { type EvidencePhoto, EvidencePhotos } from "./evidence-photos";
import styles from "./orders.module.css";
import {
  centsToYuan,
  checkRefundRequest,
  REFUND_REASON_OPTIONS,
  type RefundRequestErrors,
  type RefundRequestForm,
} from "./refund-request-rules";

const KIND_OPTIONS = (Object.keys(REFUND_KINDS) as RefundKind[]).map((value) => ({
  value,
  label: REFUND_KINDS[value],
}));

/** What each kind means for the buyer, under the choice. */
const KIND_NOTES: Record<RefundKind, string> = {
  refund_only: "没收到货，或与卖家协商好不退货",
  return: "卖家同意后按卖家给的地址寄回商品，卖家收到后退款",
};

interface RefundRequestSheetProps {
  order: Pick<Order, "totalCents">;
  open: boolean;
  submitting: boolean;
  onSubmit(body: CreateRefundBody): void;
  onClose(): void;
}

/** 申请退款: 仅退款 or 退货退款, the reason, how much (what was paid at most), what happened and photos. */
export function RefundRequestSheet({ order, open, submitting, onSubmit, onClose }: RefundRequestSheetProps) {
  return (
    <Sheet title="申请退款" open={open} onClose={onClose}>
      <RequestForm paidCents={order.totalCents} submitting={submitting} onSubmit={onSubmit} />
    </Sheet>
  );
}

/** The sheet's form, made afresh at each opening. */
function RequestForm({
  paidCents,
  submitting,
  onSubmit,
}: {
  paidCents: number;
  submitting: boolean;
  onSubmit(body: CreateRefundBody): void;
}) {
  const [form, setForm] = useState<RefundRequestForm>({
    kind: "refund_only",
    reason: "",
    amount: centsToYuan(paidCents),
    description: "",
    fileIds: [],
  });
  const [photos, setPhotos] = useState<EvidencePhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<RefundRequestErrors>({});
  const amountInput = useRef<InputRef>(null);
  const descriptionId = useId();
  const descriptionErrorId = useId();
  const amountNoteId = useId();

  const change = (fields: Partial<RefundRequestForm>) => {
    setForm((typed) => ({ ...typed, ...fields }));
    setErrors((shown) => {
      const next = { ...shown };
      for (const key of Object.keys(fields)) delete next[key as keyof RefundRequestErrors];
      return next;
    });
  };

  const submit = () => {
    if (uploading) return;
    const checked = checkRefundRequest({ ...form, fileIds: photos.map((photo) => photo.fileId) }, paidCents);
    if ("errors" in checked) {
      setErrors(checked.errors);
      if (checked.errors.amount) amountInput.current?.focus();
      return;
    }
    onSubmit(checked.body);
  };

  return (
    <SheetForm submitLabel={uploading ? "图片上传中…" : "提交申请"} submitting={submitting} onSubmit={submit}>
      <Segmented aria-label="退款类型" options={KIND_OPTIONS} value={form.kind} onChange={(kind) => change({ kind })} />
      <SheetNote>{KIND_NOTES[form.kind]}</SheetNote>
      <PlainSelect
        aria-label="退款原因"
        options={REFUND_REASON_OPTIONS}
        value={form.reason}
        onChange={(reason) => change({ reason })}
      />
      {errors.reason && (
        <p className={styles.refundRequestError} role="alert">
          {errors.reason}
        </p>
      )}
      <SheetField
        label="退款金额（元）"
        inputRef={amountInput}
        error={errors.amount ?? ""}
        describedBy={amountNoteId}
        inputMode="decimal"
        prefix="¥"
        autoComplete="off"
        value={form.amount}
        onChange={(event) => change({ amount: event.target.value })}
      />
      <SheetNote id={amountNoteId}>最多 {formatPrice(paidCents)}（实付款）</SheetNote>
      <label htmlFor={descriptionId} className={styles.refundRequestLabel}>
        退款说明
      </label>
      <Input.TextArea
        id={descriptionId}
        value={form.description}
        maxLength={RefundLimits.descriptionMax}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        placeholder="说说遇到的问题，方便卖家处理"
        status={errors.description ? "error" : undefined}
        aria-invalid={errors.description ? true : undefined}
        aria-describedby={errors.description ? descriptionErrorId : undefined}
        onChange={(event) => change({ description: event.target.value })}
      />
      {errors.description && (
        <p id={descriptionErrorId} className={styles.refundRequestError} role="alert">
          {errors.description}
        </p>
      )}
      <EvidencePhotos value={photos} onChange={setPhotos} onBusyChange={setUploading} />
    </SheetForm>
  );
}
