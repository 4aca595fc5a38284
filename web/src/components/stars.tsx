import { RATING_LABELS } from "@xianzhi/contract/constants";
import styles from "./stars.module.css";

/** "4 星 满意" for a rating, "4.5 星" for an average: what a screen reader says of the stars. */
export function starsLabel(value: number, average = false): string {
  const label = RATING_LABELS[value as keyof typeof RATING_LABELS];
  return label && !average ? `${value} 星 ${label}` : `${value.toFixed(1)} 星`;
}

/** A rating of 1 to 5, or an average of ratings, as five stars filled as far as it goes. */
export function Stars({ value, average = false, className }: { value: number; average?: boolean; className?: string }) {
  return (
    <span
      className={className ? `${styles.stars} ${className}` : styles.stars}
      role="img"
      aria-label={starsLabel(value, average)}
    >
      <span aria-hidden="true">★★★★★</span>
      <span className={styles.starsFilled} aria-hidden="true" style={{ width: `${(value / 5) * 100}%` }}>
        ★★★★★
      </span>
    </span>
  );
}
