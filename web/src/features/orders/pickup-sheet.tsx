import type { PickupBody } from "@xianzhi/contract";
import { OrderLimits } from "@xianzhi/contract/constants";
import { type FormEvent, type RefObject, useId, useRef, useState } from "react";
import { Button, Input, type InputRef } from "../../components/kit";
import { Sheet } from "../../components/sheet";
import { checkPickupCode } from "./order-rules";
import styles from "./orders.module.css";

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
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const checked = checkPickupCode(typed);
    if ("error" in checked) {
      setError(checked.error);
      input.current?.focus();
      return;
    }
    onSubmit({ code: checked.code });
  };

  return (
    <form className={styles.orderSheet} onSubmit={submit} noValidate>
      <p id={hintId} className={styles.orderSheetNote}>
        验货无误后，输入买家出示的 {OrderLimits.pickupCodeDigits} 位取件码，交易即完成，货款打给你。还可输入 {triesLeft}{" "}
        次。
      </p>
      <label htmlFor={inputId} className={styles.orderSheetLabel}>
        取件码
      </label>
      <Input
        id={inputId}
        ref={input}
        size="large"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OrderLimits.pickupCodeDigits}
        value={typed}
        status={error ? "error" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
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
        确认
      </Button>
    </form>
  );
}
