import { type CSSProperties, type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import styles from "./tab-grid.module.css";

export interface TabGridItem {
  key: string;
  label: ReactNode;
}

/**
 * A tab list whose tabs wrap onto a second row instead of scrolling out of sight: on a phone every
 * entry of a long list (the personal centre has nine) stays one tap away, as on a marketplace's
 * "我的" page. Keyboard: arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern).
 */
export function TabGrid({
  items,
  activeKey,
  onChange,
  label,
  children,
}: {
  items: readonly TabGridItem[];
  activeKey: string;
  onChange: (key: string) => void;
  label: string;
  children: ReactNode;
}) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (key: string) => `${baseId}-tab-${key}`;

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === activeKey);
    const next = nextIndex(event.key, index, items.length);
    const key = next === undefined ? undefined : items[next]?.key;
    if (key === undefined) return;
    event.preventDefault();
    onChange(key);
    listRef.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(key))}`)?.focus();
  };

  return (
    <>
      <div
        className={styles.tabGrid}
        role="tablist"
        aria-label={label}
        ref={listRef}
        onKeyDown={move}
        style={{ "--tab-grid-columns": phoneColumns(items.length) } as CSSProperties}
      >
        {items.map((item) => {
          const selected = item.key === activeKey;
          return (
            <button
              key={item.key}
              id={tabId(item.key)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              className={styles.tabGridTab}
              onClick={() => onChange(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={tabId(activeKey)}>
        {children}
      </div>
    </>
  );
}

/** Tabs per row on a phone: four, or three where that fills every row and four would not (nine). */
export function phoneColumns(count: number): number {
  return count % 4 !== 0 && count % 3 === 0 ? 3 : 4;
}

function nextIndex(key: string, index: number, count: number): number | undefined {
  if (key === "ArrowRight" || key === "ArrowDown") return (index + 1) % count;
  if (key === "ArrowLeft" || key === "ArrowUp") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return undefined;
}
