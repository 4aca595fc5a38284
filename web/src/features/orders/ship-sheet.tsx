import type { Carrier, Order, ShipOrderBody } from "@xianzhi/contract";
import { OrderLimits } from "@xianzhi/contract/constants";
import { type RefObject, useRef, useState } from "react";
import type { InputRef } from "../../components/kit";
import { PlainSelect } from "../../components/plain-controls";
import { Sheet } from "../../components/sheet";
import { SheetField, SheetForm, SheetNote } from "../../components/sheet-form";
import { CARRIER_OPTIONS, checkTrackingNumber } from "./order-rules";

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
        <SheetForm submitLabel="确认面交" submitting={submitting} onSubmit={() => onSubmit({})}>
          <SheetNote>
            与买家约好时间地点后确认。见面验货时请买家出示取件码，你输入取件码后交易即完成，货款打给你。
          </SheetNote>
        </SheetForm>
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

  const submit = () => {
    const checked = checkTrackingNumber(carrier, typed);
    if ("error" in checked) {
      setError(checked.error);
      input.current?.focus();
      return;
    }
    onSubmit({ carrier, trackingNumber: checked.trackingNumber });
  };

  return (
    <SheetForm submitLabel="确认发货" submitting={submitting} onSubmit={submit}>
      <PlainSelect
        aria-label="快递公司"
        options={CARRIER_OPTIONS}
        value={carrier}
        onChange={(value) => {
          setCarrier(value);
          setError("");
        }}
      />
      <SheetField
        label="快递单号"
        inputRef={input}
        error={error}
        autoComplete="off"
        maxLength={OrderLimits.trackingNumberMax}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setError("");
        }}
      />
    </SheetForm>
  );
}
