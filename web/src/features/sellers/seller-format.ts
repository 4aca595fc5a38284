const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;

/** "2024年3月": when someone joined, to the month. */
export function formatJoined(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}年${date.getMonth() + 1}月`;
}

/** "96%" from a share between 0 and 1. */
export function formatRate(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** "1 分钟内", "约 12 分钟", "约 3 小时", "约 2 天": how long a reply usually takes. */
export function formatReplyTime(minutes: number): string {
  if (minutes < 1) return "1 分钟内";
  if (minutes < HOUR_MINUTES) return `约 ${minutes} 分钟`;
  if (minutes < DAY_MINUTES) return `约 ${Math.round(minutes / HOUR_MINUTES)} 小时`;
  return `约 ${Math.round(minutes / DAY_MINUTES)} 天`;
}
