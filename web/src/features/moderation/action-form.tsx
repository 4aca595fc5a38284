import type { ModerationAction, ModerationActionBody } from "@xianzhi/contract";
import { MODERATION_ACTIONS, ModerationLimits } from "@xianzhi/contract/constants";
import { useState } from "react";
import { errorText } from "../../app/api-error";
import { Alert, Button, Checkbox, Input, InputNumber, Radio } from "../../components/kit";
import { message } from "../../components/toasts";
import styles from "./admin.module.css";
import { type TargetKey, useModerateMutation } from "./admin-api";

/** Actions done without a reason: letting goods through, finding nothing wrong. */
const REASON_OPTIONAL = new Set<ModerationAction>(["approve_goods", "dismiss"]);

/** The action as sent, with the newest log line of the target the moderator saw (see `seenActionId`). */
function bodyOf(
  action: ModerationAction,
  reason: string,
  days: number | null,
  seenActionId: string | null,
): ModerationActionBody {
  return action === "suspend"
    ? { action, reason, days, seenActionId }
    : ({ action, reason, seenActionId } as ModerationActionBody);
}

/**
 * The action, its reason and (suspending) how many days or for good; closes every open report of
 * the target. The server refuses it as already handled when the target was acted on since
 * `lastActionId`, the moderator's view of it.
 */
export function ActionForm({
  target,
  actions,
  lastActionId,
  onDone,
}: {
  target: TargetKey;
  actions: ModerationAction[];
  lastActionId: string | null;
  onDone: (action: ModerationAction) => void;
}) {
  const [action, setAction] = useState<ModerationAction | undefined>(actions[0]);
  const [reason, setReason] = useState("");
  const [days, setDays] = useState<number | null>(7);
  const [forever, setForever] = useState(false);
  const [error, setError] = useState("");
  const [moderate, { isLoading }] = useModerateMutation();
  if (actions.length === 0) return null;

  const reasonNeeded = action !== undefined && !REASON_OPTIONAL.has(action) && reason.trim() === "";
  const daysNeeded = action === "suspend" && !forever && !days;
  const submit = async () => {
    if (!action) return;
    setError("");
    const body = bodyOf(action, reason.trim(), forever ? null : days, lastActionId);
    const result = await moderate({ ...target, body });
    if ("error" in result) {
      setError(errorText(result.error));
      return;
    }
    message.success(`已${MODERATION_ACTIONS[action]}`);
    onDone(action);
  };

  return (
    <form
      className={styles.adminActionForm}
      aria-label="处理操作"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3>操作</h3>
      <Radio.Group
        value={action}
        onChange={(event) => setAction(event.target.value)}
        optionType="button"
        options={actions.map((value) => ({ value, label: MODERATION_ACTIONS[value] }))}
      />
      {action === "suspend" && (
        <div className={styles.adminDays}>
          <InputNumber
            aria-label="天数"
            min={1}
            max={ModerationLimits.suspendDaysMax}
            value={days}
            disabled={forever}
            onChange={(value) => setDays(value)}
            suffix="天"
          />
          <Checkbox checked={forever} onChange={(event) => setForever(event.target.checked)}>
            永久
          </Checkbox>
        </div>
      )}
      <Input.TextArea
        aria-label="原因"
        placeholder={action && REASON_OPTIONAL.has(action) ? "原因（可不填）" : "原因（必填，会记入操作记录）"}
        value={reason}
        maxLength={ModerationLimits.reasonMax}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
        onChange={(event) => setReason(event.target.value)}
      />
      {error && <Alert type="error" title={error} role="alert" />}
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={isLoading}
        disabled={!action || reasonNeeded || daysNeeded}
      >
        确认{action ? MODERATION_ACTIONS[action] : ""}
      </Button>
    </form>
  );
}
