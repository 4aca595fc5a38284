import { RATING_LABELS, TradeLimits } from "@xianzhi/contract/constants";
import { type RefObject, useId, useState } from "react";
import { starsLabel } from "../../components/stars";
import styles from "./trade.module.css";

const RATINGS = Array.from(
  { length: TradeLimits.ratingMax - TradeLimits.ratingMin + 1 },
  (_, index) => TradeLimits.ratingMin + index,
);

interface StarPickerProps {
  value: number | null;
  onChange(rating: number): void;
  /** The first star, to put the focus on when the sheet opens or nothing was chosen. */
  firstStar?: RefObject<HTMLInputElement | null>;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * 1 to 5 stars as radio buttons (arrow keys move between them; each is read as "4 星 满意"),
 * drawn as stars that light up to the one pointed at or chosen, with its words beside them.
 */
export function StarPicker({ value, onChange, firstStar, invalid, describedBy }: StarPickerProps) {
  const name = useId();
  const [pointed, setPointed] = useState<number | null>(null);
  const lit = pointed ?? value ?? 0;
  return (
    <fieldset
      className={styles.starPicker}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onMouseLeave={() => setPointed(null)}
    >
      <legend className={styles.starPickerLegend}>评分</legend>
      <div className={styles.starPickerStars}>
        {RATINGS.map((rating) => (
          <label key={rating} className={styles.starPickerStar} onMouseEnter={() => setPointed(rating)}>
            <input
              ref={rating === TradeLimits.ratingMin ? firstStar : undefined}
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              aria-label={starsLabel(rating)}
            />
            <span aria-hidden="true" className={rating <= lit ? styles.starPickerGlyphLit : undefined}>
              ★
            </span>
          </label>
        ))}
        <span className={styles.starPickerWords} aria-hidden="true">
          {lit ? RATING_LABELS[lit as keyof typeof RATING_LABELS] : "点星星打分"}
        </span>
      </div>
    </fieldset>
  );
}
