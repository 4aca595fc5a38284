/** Digits in groups of three, as zh-CN writes them: 1234567 -> "1,234,567". */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ",");
}

/**
 * ¥ and yuan from integer fen: "¥2,399" or "¥45.50". Written out rather than with Intl.NumberFormat,
 * whose first formatter loads the locale's data: a visible share of a phone's first render.
 */
export function formatPrice(cents: number): string {
  const fen = cents % 100;
  return `¥${groupThousands(Math.trunc(cents / 100))}${fen ? `.${String(fen).padStart(2, "0")}` : ""}`;
}

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
