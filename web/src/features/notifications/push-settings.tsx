import { PUSH_KINDS, type PushKind } from "@xianzhi/contract/constants";
import { useEffect, useMemo, useState } from "react";
import { errorText } from "../../app/api-error";
import { Button } from "../../components/kit";
import { message } from "../../components/toasts";
import styles from "./notification-settings.module.css";
import {
  useDeletePushSubscriptionMutation,
  usePushKeyQuery,
  useSavePushSubscriptionMutation,
} from "./notifications-api";
import {
  pushSupport,
  type SubscribeOutcome,
  subscribeThisDevice,
  thisBrowser,
  thisDeviceSubscription,
  unsubscribeThisDevice,
} from "./push-device";
import { SettingRow } from "./setting-row";

const KINDS = Object.entries(PUSH_KINDS) as [PushKind, { label: string }][];

const REFUSALS: Record<Extract<SubscribeOutcome, { ok: false }>["reason"], string> = {
  unsupported: "这个浏览器不支持推送通知",
  denied: "你已拒绝本站发送通知，请在浏览器的网站设置里允许后再开启",
  dismissed: "没有得到通知权限，推送未开启",
  "no-worker": "页面还没准备好推送，请刷新后再试",
};

/**
 * 通知设置 › 推送通知: Web Push for this device (开启 asks for the Notification permission and
 * subscribes through the service worker; 关闭 unsubscribes) and the four kinds pushed, which hold
 * for every device of the account. Where push cannot work it says so plainly.
 */
export function PushSettings({
  pushMuted,
  saving,
  onKindChange,
}: {
  pushMuted: PushKind[];
  saving: boolean;
  onKindChange: (kind: PushKind, on: boolean) => void;
}) {
  const browser = useMemo(thisBrowser, []);
  const [support, setSupport] = useState(() => pushSupport(browser));
  /** This device's endpoint; null: not subscribed; undefined: still being read. */
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const { data: key } = usePushKeyQuery();
  const [save] = useSavePushSubscriptionMutation();
  const [remove] = useDeletePushSubscriptionMutation();

  useEffect(() => {
    let live = true;
    thisDeviceSubscription(browser)
      .then((held) => {
        if (!live) return;
        setEndpoint(held?.endpoint ?? null);
        // A subscription lasts as long as the session that saved it: saved again with this one.
        if (held) void save(held);
      })
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, [browser, save]);

  const turnOn = async () => {
    if (!key?.publicKey) return;
    setBusy(true);
    try {
      const outcome = await subscribeThisDevice(browser, key.publicKey);
      if (!outcome.ok) {
        if (outcome.reason === "denied") setSupport("denied");
        message.error(REFUSALS[outcome.reason]);
        return;
      }
      const result = await save(outcome.subscription);
      if ("error" in result) {
        await unsubscribeThisDevice(browser);
        message.error(errorText(result.error));
        return;
      }
      setEndpoint(outcome.subscription.endpoint);
      message.success("已开启推送通知");
    } catch {
      message.error("浏览器的推送服务没有响应，推送未开启；新通知仍会出现在通知中心");
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      const gone = (await unsubscribeThisDevice(browser)) ?? endpoint;
      // Already gone on the server (signed out since, or removed by the push service): nothing to undo.
      if (gone) await remove({ endpoint: gone });
      setEndpoint(null);
      message.success("已关闭推送通知");
    } catch {
      message.error("关闭失败，请稍后再试");
    } finally {
      setBusy(false);
    }
  };

  const available = support === "supported" && key?.enabled === true;
  const on = Boolean(endpoint);
  return (
    <section aria-labelledby="push-settings-title">
      <h2 id="push-settings-title" className={styles.notificationSettingsTitle}>
        推送通知
      </h2>
      <p className={styles.notificationSettingsIntro}>关掉闲置的页面后，新消息和交易进展也能以系统通知送到这台设备。</p>
      {support === "unsupported" && (
        <p className={styles.notificationSettingsNotice}>
          这个浏览器不支持推送通知（需要 Service Worker 和推送 API），新通知请在通知中心查看。
        </p>
      )}
      {support === "denied" && (
        <p className={styles.notificationSettingsNotice}>
          你已拒绝本站发送通知。如需推送，请先在浏览器的网站设置里允许通知，再回到这里开启。
        </p>
      )}
      {support === "supported" && key?.enabled === false && (
        <p className={styles.notificationSettingsNotice}>推送通知暂不可用，新通知请在通知中心查看。</p>
      )}
      <ul className={styles.notificationSettingsList}>
        <li className={styles.notificationSettingsRow}>
          <span className={styles.notificationSettingsText}>
            <span>这台设备</span>
            <span className={styles.notificationSettingsHint}>{on ? "已开启推送" : "未开启推送"}</span>
          </span>
          {on ? (
            <Button onClick={() => void turnOff()} loading={busy} disabled={endpoint === undefined}>
              关闭
            </Button>
          ) : (
            <Button
              type="primary"
              onClick={() => void turnOn()}
              loading={busy}
              disabled={!available || endpoint === undefined}
            >
              开启
            </Button>
          )}
        </li>
        {KINDS.map(([kind, { label }]) => (
          <SettingRow
            key={kind}
            label={label}
            checked={!pushMuted.includes(kind)}
            disabled={saving}
            onChange={(checked) => onKindChange(kind, checked)}
          />
        ))}
      </ul>
      <p className={styles.notificationSettingsHint}>
        推送对你开启了推送的所有设备生效。通知中心始终是主要的提醒方式：推送要经过浏览器厂商的推送服务，例如 Chrome
        的推送经由 Google 的服务器，在中国大陆通常无法送达；没送达的通知仍会出现在通知中心。
      </p>
    </section>
  );
}
