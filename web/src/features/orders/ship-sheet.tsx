import type { Carrier, Order, ShipOrderBody } from "@xianzhi/contract";
import { OrderLimits } from "@xianzhi/contract/constants";
import { type FormEvent, type RefObject, useId, useRef, useState } from "react";
import { Button, Input, type InputRef } from "../../components/kit";
import { PlainSelect } from "../../components/plain-controls";
import { Sheet } from "../../components/sheet";
import { CARRIER_OPTIONS, checkTrackingNumber } from "./order-rules";
import styles from "./orders.module.css";

interface ShipSheetProps {
  order: Pick<Order, "delivery">;
  open: boolean;
  submitting: boolean;
  onSubmit(body: ShipOrderBody): void;
  onClose(): void;
}

/**
 * 发货: the carrier and its tracking number, checked against the carrier's forms before it is sent
 * (the server refuses the rest); for 面交 only the seller's word that they are ready to hand over.
 */
export function ShipSheet({ order, open, submitting, onSubmit, onClose }: ShipSheetProps) {
  const input = useRef<InputRef>(null);
  const meetup = order.delivery === "meetup";
  return (
    <Sheet title={meetup ? "确认面交" : "发货"} open={open} onClose={onClose} onOpened={() => input.current?.focus()}>
      {meetup ? (
        <div className={styles.orderSheet}>
          <p className={styles.orderSheetNote}>
            与买家约好时间地点后确认。见面验货时请买家出示取件码，你输入取件码后交易即完成，货款打给你。
          </p>
          <Button type="primary" size="large" block loading={submitting} onClick={() => onSubmit({})}>
            确认面交
          </Button>
        </div>
      ) : (
        <TrackingForm input={input} submitting={submitting} onSubmit={onSubmit} />
      )}
    </Sheet>
  );
}

interface TrackingFormProps {
  input: RefObject<InputRef | null>;
  submitting: boolean;
  onSubmit(body: ShipOrderBody): void;
}

/** The sheet's form, made afresh at each opening. */
function TrackingForm({ input, submitting, onSubmit }: TrackingFormProps) {
  const [carrier, setCarrier] = useState<Carrier>("SF");
  const [typed, setTyped] = useState("");
  const [error, setError] = useState("");
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const checked = checkTrackingNumber(carrier, typed);
    if ("error" in checked) {
      setError(checked.error);
      input.current?.focus();
      return;
    }
    onSubmit({ carrier, trackingNumber: checked.trackingNumber });
  };

  return (
    <form className={styles.orderSheet} onSubmit={submit} noValidate>
      <PlainSelect
        aria-label="快递公司"
        options={CARRIER_OPTIONS}
        value={carrier}
        onChange={(value) => {
          setCarrier(value);
          setError("");
        }}
      />
      <label htmlFor={inputId} className={styles.orderSheetLabel}>
        快递单号
      </label>
      <Input
        id={inputId}
        ref={input}
        size="large"
        autoComplete="off"
        maxLength={OrderLimits.trackingNumberMax}
        value={typed}
        status={error ? "error" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setTyped(event.target.value);
          setError("");
        }}
      />
      {error && (
        <div id={errorId} className={styles.orderSheetError} role="alert">
          {error}
        </div>
      )}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        确认发货
      </Button>
    </form>
  );
}
