export { formatPrice } from "@xianzhi/contract/constants";

const MINUTE = 60_000;

/** "刚刚", "5 分钟前", "3 小时前", "2 天前", or the date. */
export function formatTime(iso: string, now = Date.now()): string {
  const elapsed = now - Date.parse(iso);
  if (elapsed < MINUTE) return "刚刚";
  if (elapsed < 60 * MINUTE) return `${Math.floor(elapsed / MINUTE)} 分钟前`;
  if (elapsed < 24 * 60 * MINUTE) return `${Math.floor(elapsed / (60 * MINUTE))} 小时前`;
  if (elapsed < 30 * 24 * 60 * MINUTE) return `${Math.floor(elapsed / (24 * 60 * MINUTE))} 天前`;
  return new Date(iso).toLocaleDateString("zh-CN");
}
