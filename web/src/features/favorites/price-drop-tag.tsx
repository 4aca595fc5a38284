import type { PriceDropCents } from "@xianzhi/contract";
import { formatPrice } from "../../components/format";
import "./favorites.css";

/**
 * 降价 ¥X: how much cheaper goods the user keeps are than when they were kept. Said in words (the
 * red is only a help) and explained on hover; nothing when they are not cheaper.
 */
export function PriceDropTag({ cents }: { cents: PriceDropCents | undefined }) {
  if (!cents) return null;
  const amount = formatPrice(cents);
  return (
    <span className="price-drop" title={`比收藏时降价 ${amount}`}>
      降价 {amount}
    </span>
  );
}
