import { type ButtonHTMLAttributes, type ReactNode, useId } from "react";
import { classNames } from "./class-names";
import { LoadingOutlined } from "./icons";
import styles from "./plain-controls.module.css";

export interface Choice<T extends string> {
  label: ReactNode;
  value: T;
}

export interface ChoiceProps<T extends string> {
  options: readonly Choice<T>[];
  value: T;
  onChange(value: T): void;
  "aria-label": string;
  className?: string;
}

/** One of a few choices side by side (Ant Design's Segmented, drawn with radio buttons). */
export function Segmented<T extends string>({ options, value, onChange, className, ...aria }: ChoiceProps<T>) {
  const name = useId();
  return (
    <div className={classNames(styles.plainSegmented, className)} role="radiogroup" aria-label={aria["aria-label"]}>
      {options.map((option) => (
        <label key={option.value} className={styles.plainSegmentedItem}>
          <input
            type="radio"
            className={styles.plainSegmentedInput}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span className={styles.plainSegmentedLabel}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

/** A choice from a list: the browser's own select, drawn like Ant Design's. */
export function PlainSelect<T extends string>({ options, value, onChange, className, ...aria }: ChoiceProps<T>) {
  return (
    <select
      className={classNames(styles.plainSelect, className)}
      aria-label={aria["aria-label"]}
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** The page numbers to show: the first, the last, and two on each side of the current one. */
export function pageNumbers(current: number, count: number): (number | "gap")[] {
  const shown: (number | "gap")[] = [];
  for (let page = 1; page <= count; page += 1) {
    if (page === 1 || page === count || Math.abs(page - current) <= 2) shown.push(page);
    else if (shown.at(-1) !== "gap") shown.push("gap");
  }
  return shown;
}

interface PagerProps {
  current: number;
  pageSize: number;
  total: number;
  onChange(page: number): void;
  className?: string;
}

/** Pages of a list: previous, the numbers, next; nothing for a single page. */
export function Pager({ current, pageSize, total, onChange, className }: PagerProps) {
  const count = Math.ceil(total / pageSize);
  if (count <= 1) return null;
  return (
    <nav className={className} aria-label="分页">
      <ul className={styles.plainPager}>
        <li>
          <button
            type="button"
            className={styles.plainPagerItem}
            aria-label="上一页"
            disabled={current <= 1}
            onClick={() => onChange(current - 1)}
          >
            ‹
          </button>
        </li>
        {pageNumbers(current, count).map((page, index) =>
          page === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap is told apart only by where it is
            <li key={`gap-${index}`} className={styles.plainPagerGap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <button
                type="button"
                className={styles.plainPagerItem}
                aria-current={page === current ? "page" : undefined}
                aria-label={`第 ${page} 页`}
                onClick={() => onChange(page)}
              >
                {page}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={styles.plainPagerItem}
            aria-label="下一页"
            disabled={current >= count}
            onClick={() => onChange(current + 1)}
          >
            ›
          </button>
        </li>
      </ul>
    </nav>
  );
}

interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  type?: "button" | "submit";
  primary?: boolean;
  large?: boolean;
  icon?: ReactNode;
  /** Waiting for what the click asked: a turning icon in place of `icon`, and no second click. */
  loading?: boolean;
}

/** A button drawn like Ant Design's (default or primary, optionally large, with an icon before the words). */
export function PlainButton({
  type = "button",
  primary,
  large,
  icon,
  loading,
  className,
  onClick,
  children,
  ...rest
}: PlainButtonProps) {
  return (
    <button
      type={type}
      className={classNames(
        styles.plainButton,
        primary && styles.plainButtonPrimary,
        large && styles.plainButtonLarge,
        loading && styles.plainButtonLoading,
        className,
      )}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
      {...rest}
    >
      {loading ? <LoadingOutlined /> : icon}
      {children}
    </button>
  );
}

interface PlainLinkButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  type?: "button" | "submit";
}

/** A button drawn like Ant Design's link button: words in the link colour, no frame. */
export function PlainLinkButton({ type = "button", className, ...rest }: PlainLinkButtonProps) {
  return <button type={type} className={classNames(styles.plainLinkButton, className)} {...rest} />;
}
