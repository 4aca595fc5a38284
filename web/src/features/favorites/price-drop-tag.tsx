import type { PriceDropCents } from "@xianzhi/contract";
import type { ReactNode } from "react";
import { formatPrice } from "../../components/format";
import styles from "./favorites.module.css";

/**
 * 降价 ¥X: how much cheaper goods the user keeps are than when they were kept. Said in words (the
 * red is only a help) and explained on hover.
 */
function PriceDropTag({ cents }: { cents: PriceDropCents }) {
  const amount = formatPrice(cents);
  return (
    <span className={styles.priceDrop} title={`比收藏时降价 ${amount}`}>
      降价 {amount}
    </span>
  );
}

/** The tag, or nothing when the goods are not cheaper (so a card can tell there is no note). */
export function priceDropNote(cents: PriceDropCents | undefined): ReactNode {
  return cents ? <PriceDropTag cents={cents} /> : null;
}
