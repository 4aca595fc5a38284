import { useId } from "react";
import { Switch } from "../../components/kit";
import styles from "./notification-settings.module.css";

/** One setting of 通知设置: its words, what they mean, and its switch (named by the words). */
export function SettingRow({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <li className={styles.notificationSettingsRow}>
      <span className={styles.notificationSettingsText}>
        <label htmlFor={id}>{label}</label>
        {hint && <span className={styles.notificationSettingsHint}>{hint}</span>}
      </span>
      <Switch id={id} checked={checked} disabled={disabled} onChange={onChange} />
    </li>
  );
}
