import type { NotificationSettings } from "@xianzhi/contract";
import { NOTIFICATION_GROUPS, type NotificationGroup } from "@xianzhi/contract/constants";
import { useId } from "react";
import { errorText } from "../../app/api-error";
import { Empty } from "../../components/empty";
import { Button, Skeleton, Switch } from "../../components/kit";
import { message } from "../../components/toasts";
import styles from "./notification-settings.module.css";
import { useNotificationSettingsQuery, useSaveNotificationSettingsMutation } from "./notifications-api";

const GROUPS = Object.entries(NOTIFICATION_GROUPS) as [NotificationGroup, { label: string }][];

/** One setting: its words, what they mean, and its switch (named by the words). */
function SettingRow({
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

/**
 * The personal centre's 通知设置: a switch per group of notifications (on = told) and the daily
 * e-mail digest. Each change is saved at once; the switch goes back if the server refuses.
 */
export function NotificationSettingsPanel() {
  const { data: settings, isError, refetch } = useNotificationSettingsQuery();
  const [save, { isLoading: saving }] = useSaveNotificationSettingsMutation();

  if (!settings) {
    if (!isError) return <Skeleton active />;
    return (
      <div className={styles.notificationSettingsFailed}>
        <Empty description="通知设置没能加载，请检查网络后重试" />
        <Button onClick={() => void refetch()}>重试</Button>
      </div>
    );
  }

  const change = async (next: NotificationSettings) => {
    const result = await save(next);
    if ("error" in result) message.error(errorText(result.error));
    else message.success("设置已保存");
  };
  const toggleGroup = (group: NotificationGroup, on: boolean) => {
    const others = settings.mutedGroups.filter((muted) => muted !== group);
    void change({ ...settings, mutedGroups: on ? others : [...others, group] });
  };

  return (
    <div className={styles.notificationSettings}>
      <h2 className={styles.notificationSettingsTitle}>接收这些通知</h2>
      <p className={styles.notificationSettingsIntro}>关掉的类型以后不再通知你。</p>
      <ul className={styles.notificationSettingsList}>
        {GROUPS.map(([group, { label }]) => (
          <SettingRow
            key={group}
            label={label}
            checked={!settings.mutedGroups.includes(group)}
            disabled={saving}
            onChange={(on) => toggleGroup(group, on)}
          />
        ))}
      </ul>
      <h2 className={styles.notificationSettingsTitle}>邮件</h2>
      <ul className={styles.notificationSettingsList}>
        <SettingRow
          label="每日邮件摘要"
          hint="有未读通知时，每天一封发到你的邮箱"
          checked={settings.emailDigest}
          disabled={saving}
          onChange={(emailDigest) => void change({ ...settings, emailDigest })}
        />
      </ul>
    </div>
  );
}
