/**
 * The city of a goods item's location, for its card: the location's first word, as people write
 * it ("上海 徐汇" -> "上海", the 所在地 field's example, and what the feed's city filter matches from
 * its start); the whole of a one-word location; "" for none.
 */
export function cityOf(location: string): string {
  return location.trim().split(/\s+/)[0] ?? "";
}
