import type { ReportTarget } from "@xianzhi/contract/constants";
import { ModerationLimits, REPORT_REASONS, REPORT_TARGETS, type ReportReason } from "@xianzhi/contract/constants";
import { type FormEvent, useId, useState } from "react";
import { Button, Input, Radio } from "../../components/kit";
import { Sheet } from "../../components/sheet";
import styles from "./safety.module.css";

/** What the report says: the reason, and in the reporter's words (required for 其他). */
export interface ReportChoice {
  reason: ReportReason;
  text: string;
}

interface ReportSheetProps {
  open: boolean;
  targetType: ReportTarget;
  submitting: boolean;
  /** Why the server refused the last try (already reported, …), shown in the sheet. */
  refusal: string;
  onClose(): void;
  onSubmit(choice: ReportChoice): void;
}

const REASONS = Object.entries(REPORT_REASONS) as [ReportReason, string][];

/** The form as the server checks it: a reason of the fixed list, words of one's own for 其他. */
export function reportProblem(reason: ReportReason | undefined, text: string): string {
  if (!reason) return "请选择举报原因";
  if (reason === "other" && !text.trim()) return "选择“其他”时请写明举报原因";
  return "";
}

/** 举报: why (one of the fixed reasons) and, optionally or for 其他 necessarily, in words. */
export function ReportSheet({ open, targetType, onClose, ...form }: ReportSheetProps) {
  return (
    <Sheet title={`举报${REPORT_TARGETS[targetType]}`} open={open} onClose={onClose}>
      <ReportForm {...form} />
    </Sheet>
  );
}

/** The sheet's form, made afresh at each opening (the sheet drops it when closed). */
function ReportForm({ submitting, refusal, onSubmit }: Omit<ReportSheetProps, "open" | "onClose" | "targetType">) {
  const [reason, setReason] = useState<ReportReason>();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState("");
  const labelId = useId();
  const textId = useId();
  const problemId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = reportProblem(reason, text);
    setProblem(found);
    if (!found && reason) onSubmit({ reason, text: text.trim() });
  };
  const shown = problem || refusal;

  return (
    <form onSubmit={submit} noValidate>
      <p id={labelId} className={styles.reportSheetLabel}>
        举报原因
      </p>
      <Radio.Group
        aria-labelledby={labelId}
        className={styles.reportSheetReasons}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setProblem("");
        }}
        options={REASONS.map(([value, label]) => ({ value, label }))}
      />
      <label htmlFor={textId} className={styles.reportSheetLabel}>
        {reason === "other" ? "说明（必填）" : "补充说明（选填）"}
      </label>
      <Input.TextArea
        id={textId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={ModerationLimits.reportTextMax}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
        placeholder="写下你看到的问题，方便我们核实"
        aria-describedby={shown ? problemId : undefined}
      />
      {shown && (
        <p id={problemId} className={styles.reportSheetProblem} role="alert">
          {shown}
        </p>
      )}
      <Button type="primary" htmlType="submit" block loading={submitting} className={styles.reportSheetSubmit}>
        提交举报
      </Button>
    </form>
  );
}
