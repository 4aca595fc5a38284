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
        <TrackingForm
          input={input}
          submitLabel="确认发货"
          fieldLabel="快递单号"
          submitting={submitting}
          onSubmit={onSubmit}
        />
      )}
    </Sheet>
  );
}

interface TrackingFormProps {
  /** The number's field, for the sheet to focus once open; one of the form's own when absent. */
  input?: RefObject<InputRef | null>;
  submitLabel: string;
  fieldLabel: string;
  submitting: boolean;
  onSubmit(body: { carrier: Carrier; trackingNumber: string }): void;
}

/**
 * A carrier and its tracking number, checked against the carrier's forms before it is sent: the
 * seller's shipment here, the buyer's return on a refund's page. Made afresh at each opening.
 */
export function TrackingForm({ input, submitLabel, fieldLabel, submitting, onSubmit }: TrackingFormProps) {
  const ownInput = useRef<InputRef>(null);
  const field = input ?? ownInput;
  const [carrier, setCarrier] = useState<Carrier>("SF");
  const [typed, setTyped] = useState("");
  const [error, setError] = useState("");

  const submit = () => {
    const checked = checkTrackingNumber(carrier, typed);
    if ("error" in checked) {
      setError(checked.error);
      field.current?.focus();
      return;
    }
    onSubmit({ carrier, trackingNumber: checked.trackingNumber });
  };

  return (
    <SheetForm submitLabel={submitLabel} submitting={submitting} onSubmit={submit}>
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
        label={fieldLabel}
        inputRef={field}
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
