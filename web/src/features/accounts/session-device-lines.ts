import type { SessionDevice } from "@xianzhi/contract";
import { formatTime } from "../../components/format";

/** What a device's line in 登录设备 says. */
export interface DeviceLine {
  /** "Chrome 131 · Android 14". */
  title: string;
  /** "吉林 长春 · 175.16.199.* · 最近使用 5 分钟前" (the place when the server knows it); "当前使用中" for the device in hand. */
  detail: string;
  /** "登录于 3 天前". */
  signedIn: string;
  /** The button's accessible name, its words first: "强制下线：Chrome 131 · Android 14". */
  endLabel: string;
}

export function deviceLine(device: SessionDevice, now = Date.now()): DeviceLine {
  const title = `${device.browser} · ${device.system}`;
  const used = device.current ? "当前使用中" : `最近使用 ${formatTime(device.lastSeenAt, now)}`;
  return {
    title,
    detail: [device.place, device.address, used].filter(Boolean).join(" · "),
    signedIn: `登录于 ${formatTime(device.createdAt, now)}`,
    endLabel: `强制下线：${title}`,
  };
}

/** What 退出其他设备 reports once done. */
export function endedOthersText(ended: number): string {
  return ended > 0 ? `已退出其他 ${ended} 台设备` : "没有其他登录设备";
}
