import "./stars.css";
import { RATING_LABELS } from "@xianzhi/contract/constants";

/** "4 星 满意" for a rating, "4.5 星" for an average: what a screen reader says of the stars. */
export function starsLabel(value: number, average = false): string {
  const label = RATING_LABELS[value as keyof typeof RATING_LABELS];
  return label && !average ? `${value} 星 ${label}` : `${value.toFixed(1)} 星`;
}

/** A rating of 1 to 5, or an average of ratings, as five stars filled as far as it goes. */
export function Stars({ value, average = false }: { value: number; average?: boolean }) {
  return (
    <span className="stars" role="img" aria-label={starsLabel(value, average)}>
      <span aria-hidden="true">★★★★★</span>
      <span className="stars__filled" aria-hidden="true" style={{ width: `${(value / 5) * 100}%` }}>
        ★★★★★
      </span>
    </span>
  );
}
