/** Digits in groups of three, as zh-CN writes them: 1234567 -> "1,234,567". */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ",");
}

/**
 * ¥ and yuan from integer fen: "¥2,399" or "¥45.50", the one way the web's screens and the
 * server's words (an order's timeline, an e-mail) write an amount. Written out rather than with
 * Intl.NumberFormat, whose first formatter loads the locale's data: a visible share of a phone's
 * first render.
 */
export function formatPrice(cents: number): string {
  const fen = cents % 100;
  return `¥${groupThousands(Math.trunc(cents / 100))}${fen ? `.${String(fen).padStart(2, "0")}` : ""}`;
}
