import type { PickupBody } from "@xianzhi/contract";
import { OrderLimits } from "@xianzhi/contract/constants";
import { type RefObject, useId, useRef, useState } from "react";
import type { InputRef } from "../../components/kit";
import { Sheet } from "../../components/sheet";
import { SheetField, SheetForm, SheetNote } from "../../components/sheet-form";
import { checkPickupCode } from "./order-rules";

interface PickupSheetProps {
  open: boolean;
  /** Wrong codes the seller may still enter before the order takes no more. */
  triesLeft: number;
  submitting: boolean;
  onSubmit(body: PickupBody): void;
  onClose(): void;
}

/** 面交: the seller enters the code the buyer shows them, which completes the order at once. */
export function PickupSheet({ open, triesLeft, submitting, onSubmit, onClose }: PickupSheetProps) {
  const input = useRef<InputRef>(null);
  return (
    <Sheet title="输入取件码" open={open} onClose={onClose} onOpened={() => input.current?.focus()}>
      <PickupForm input={input} triesLeft={triesLeft} submitting={submitting} onSubmit={onSubmit} />
    </Sheet>
  );
}

type PickupFormProps = Omit<PickupSheetProps, "open" | "onClose"> & { input: RefObject<InputRef | null> };

/** The sheet's form, made afresh at each opening. */
function PickupForm({ input, triesLeft, submitting, onSubmit }: PickupFormProps) {
  const [typed, setTyped] = useState("");
  const [error, setError] = useState("");
  const hintId = useId();

  const submit = () => {
    const checked = checkPickupCode(typed);
    if ("error" in checked) {
      setError(checked.error);
      input.current?.focus();
      return;
    }
    onSubmit({ code: checked.code });
  };

  return (
    <SheetForm submitLabel="确认" submitting={submitting} onSubmit={submit}>
      <SheetNote id={hintId}>
        验货无误后，输入买家出示的 {OrderLimits.pickupCodeDigits} 位取件码，交易即完成，货款打给你。还可输入 {triesLeft}{" "}
        次。
      </SheetNote>
      <SheetField
        label="取件码"
        inputRef={input}
        error={error}
        describedBy={hintId}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OrderLimits.pickupCodeDigits}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setError("");
        }}
      />
    </SheetForm>
  );
}
