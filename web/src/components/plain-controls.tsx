import "./plain-controls.css";
import { type ButtonHTMLAttributes, type ReactNode, useId } from "react";
import { LoadingOutlined } from "./icons";

export interface Choice<T extends string> {
  label: ReactNode;
  value: T;
}

interface ChoiceProps<T extends string> {
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
    <div className={`plain-segmented ${className ?? ""}`} role="radiogroup" aria-label={aria["aria-label"]}>
      {options.map((option) => (
        <label key={option.value} className="plain-segmented__item">
          <input
            type="radio"
            className="plain-segmented__input"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span className="plain-segmented__label">{option.label}</span>
        </label>
      ))}
    </div>
  );
}

/** A choice from a list: the browser's own select, drawn like Ant Design's. */
export function PlainSelect<T extends string>({ options, value, onChange, className, ...aria }: ChoiceProps<T>) {
  return (
    <select
      className={`plain-select ${className ?? ""}`}
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
      <ul className="plain-pager">
        <li>
          <button
            type="button"
            className="plain-pager__item"
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
            <li key={`gap-${index}`} className="plain-pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <button
                type="button"
                className="plain-pager__item"
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
            className="plain-pager__item"
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
  const classes = [
    "plain-button",
    primary && "plain-button--primary",
    large && "plain-button--large",
    loading && "plain-button--loading",
    className,
  ];
  return (
    <button
      type={type}
      className={classes.filter(Boolean).join(" ")}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
      {...rest}
    >
      {loading ? <LoadingOutlined /> : icon}
      {children}
    </button>
  );
}
