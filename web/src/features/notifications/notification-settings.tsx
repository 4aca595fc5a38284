import type { NotificationSettings } from "@xianzhi/contract";
import { NOTIFICATION_GROUPS, type NotificationGroup, type PushKind } from "@xianzhi/contract/constants";
import { errorText } from "../../app/api-error";
import { Empty } from "../../components/empty";
import { Button, Skeleton } from "../../components/kit";
import { message } from "../../components/toasts";
import styles from "./notification-settings.module.css";
import { useNotificationSettingsQuery, useSaveNotificationSettingsMutation } from "./notifications-api";
import { PushSettings } from "./push-settings";
import { SettingRow } from "./setting-row";

const GROUPS = Object.entries(NOTIFICATION_GROUPS) as [NotificationGroup, { label: string }][];

/**
 * The personal centre's 通知设置: a switch per group of notifications (on = told), the daily
 * e-mail digest, and Web Push for this device with the kinds pushed. Each change is saved at once; the switch goes back if the server refuses.
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
  const togglePushKind = (kind: PushKind, on: boolean) => {
    const others = settings.pushMuted.filter((muted) => muted !== kind);
    void change({ ...settings, pushMuted: on ? others : [...others, kind] });
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
      <PushSettings pushMuted={settings.pushMuted} saving={saving} onKindChange={togglePushKind} />
    </div>
  );
}
