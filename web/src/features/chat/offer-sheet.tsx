import { type FormEvent, type RefObject, useId, useRef, useState } from "react";
import { formatPrice } from "../../components/format";
import { Button, Input, type InputRef } from "../../components/kit";
import { Sheet } from "../../components/sheet";
import { parseOfferAmount, yuanText } from "./offer-rules";
import styles from "./offer-sheet.module.css";

interface OfferSheetProps {
  open: boolean;
  /** 出价 or 还价: the sheet's title and its button. */
  verb: string;
  /** The goods' price: the most one may offer. */
  priceCents: number;
  /** What the box holds when it opens. */
  startCents: number;
  submitting: boolean;
  onClose(): void;
  /** Sends the amount; the caller closes the sheet once it went through. */
  onSubmit(amountCents: number): void;
}

/** An amount in yuan for goods, checked as the server checks it (above 0, at most the price). */
export function OfferSheet({ open, verb, onClose, ...form }: OfferSheetProps) {
  const input = useRef<InputRef>(null);
  return (
    <Sheet title={verb} open={open} onClose={onClose} onOpened={() => input.current?.focus({ cursor: "all" })}>
      <AmountForm verb={verb} input={input} {...form} />
    </Sheet>
  );
}

type AmountFormProps = Omit<OfferSheetProps, "open" | "onClose"> & { input: RefObject<InputRef | null> };

/** The sheet's form, made afresh at each opening (the sheet drops it when closed). */
function AmountForm({ verb, priceCents, startCents, submitting, onSubmit, input }: AmountFormProps) {
  const [text, setText] = useState(() => yuanText(startCents));
  const [error, setError] = useState("");
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = parseOfferAmount(text, priceCents);
    if ("error" in parsed) {
      setError(parsed.error);
      input.current?.focus();
      return;
    }
    onSubmit(parsed.cents);
  };

  return (
    <form className={styles.offerSheet} onSubmit={submit} noValidate>
      <p className={styles.offerSheetPrice}>
        售价 <strong>{formatPrice(priceCents)}</strong>
      </p>
      <label htmlFor={inputId} className={styles.offerSheetLabel}>
        {verb}金额（元）
      </label>
      <Input
        id={inputId}
        ref={input}
        size="large"
        prefix="¥"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        status={error ? "error" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError("");
        }}
      />
      {error && (
        <div id={errorId} className={styles.offerSheetError} role="alert">
          {error}
        </div>
      )}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {verb}
      </Button>
    </form>
  );
}
