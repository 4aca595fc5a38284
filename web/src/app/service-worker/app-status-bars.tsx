import { useAppStatus } from "./app-status";
import styles from "./app-status.module.css";
import { applyUpdate } from "./register";

/** "11月29日 10:20": when the answers shown offline were kept. */
function keptAt(iso: string): string {
  const date = new Date(iso);
  const time = date.toLocaleTimeString("zh-CN", { hour: "2-digit", minute: "2-digit", hour12: false });
  return `${date.getMonth() + 1}月${date.getDate()}日 ${time}`;
}

/**
 * 离线 under the top bar while the browser has no connection or the screen shows kept answers,
 * with the time they were kept; and 有新版本 · 刷新 above the tab bar while a new version waits.
 */
export function AppStatusBars() {
  const { offline, savedAt, updateReady } = useAppStatus();
  return (
    <>
      {(offline || savedAt) && (
        <div className={styles.offlineBar} role="status">
          <strong>离线</strong>
          <span>{savedAt ? `显示的是 ${keptAt(savedAt)} 保存的内容` : "已断开网络，联网后内容会自动更新"}</span>
        </div>
      )}
      {updateReady && (
        <div className={styles.updateBar} role="status">
          <span>有新版本</span>
          <button type="button" className={styles.updateBarButton} onClick={applyUpdate}>
            刷新
          </button>
        </div>
      )}
    </>
  );
}
