import type { Passkey } from "@xianzhi/contract";
import { formatTime } from "../../components/format";

/** What the list says of one passkey: when it was added and last used. */
export function passkeyLine(passkey: Passkey, now = Date.now()): string {
  const used = passkey.lastUsedAt ? `最近使用 ${formatTime(passkey.lastUsedAt, now)}` : "尚未使用";
  return `添加于 ${formatTime(passkey.createdAt, now)} · ${used}`;
}

/** A name for a new passkey, from the device it is made on: the user may change it. */
export function defaultPasskeyName(userAgent: string): string {
  if (/iPhone/.test(userAgent)) return "iPhone";
  if (/iPad/.test(userAgent)) return "iPad";
  if (/Android/.test(userAgent)) return "安卓手机";
  if (/HarmonyOS|OpenHarmony/.test(userAgent)) return "鸿蒙设备";
  if (/Macintosh|Mac OS X/.test(userAgent)) return "Mac";
  if (/Windows/.test(userAgent)) return "Windows 电脑";
  if (/Linux|CrOS/.test(userAgent)) return "电脑";
  return "我的设备";
}

/**
 * Why the device's passkey prompt gave no answer, in words (the browser's DOMException names, as
 * @simplewebauthn/browser passes them on).
 */
export function ceremonyErrorText(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case "NotAllowedError":
    case "AbortError":
      return "已取消，或没有在限定时间内完成验证";
    case "InvalidStateError":
      return "这台设备上已经有你的通行密钥了";
    case "SecurityError":
      return "当前网址不能使用通行密钥，请从本站的正式网址打开";
    case "NotSupportedError":
      return "这台设备或浏览器不支持通行密钥";
    default:
      return "通行密钥验证没有完成，请重试";
  }
}
