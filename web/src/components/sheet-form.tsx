import type { FormEvent, ReactNode, RefObject } from "react";
import { useId } from "react";
import { Button, Input, type InputProps, type InputRef } from "./kit";
import styles from "./sheet-form.module.css";

interface SheetFormProps {
  /** The submit button's words. */
  submitLabel: string;
  submitting: boolean;
  /** Called on submit, never while the last one is still on its way. */
  onSubmit(): void;
  children?: ReactNode;
}

/**
 * The form of a small sheet (sheet.tsx): its fields one under the other, then one wide submit
 * button within the thumb's reach. The browser's own checks are off: the sheet checks as the
 * server does and says why in its words (SheetField).
 */
export function SheetForm({ submitLabel, submitting, onSubmit, children }: SheetFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!submitting) onSubmit();
  };
  return (
    <form className={styles.sheetForm} onSubmit={submit} noValidate>
      {children}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** A sentence of a sheet's form: what happens, or what to type. */
export function SheetNote({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.sheetFormNote}>
      {children}
    </p>
  );
}

interface SheetFieldProps extends Omit<InputProps, "id" | "status" | "size"> {
  label: string;
  /** Why the value cannot be sent; empty while it may. */
  error: string;
  inputRef: RefObject<InputRef | null>;
  /** The id of a note that explains the field, read out with it. */
  describedBy?: string;
}

/** A labelled box of a sheet's form and, under it, why its value was refused (read out at once). */
export function SheetField({ label, error, inputRef, describedBy, ...input }: SheetFieldProps) {
  const inputId = useId();
  const errorId = useId();
  const described = [error && errorId, describedBy].filter(Boolean).join(" ");
  return (
    <>
      <label htmlFor={inputId} className={styles.sheetFormLabel}>
        {label}
      </label>
      <Input
        {...input}
        id={inputId}
        ref={inputRef}
        size="large"
        status={error ? "error" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {error && (
        <div id={errorId} className={styles.sheetFormError} role="alert">
          {error}
        </div>
      )}
    </>
  );
}
