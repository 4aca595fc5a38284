import type { ReactNode } from "react";
import styles from "./count-badge.module.css";

/**
 * A small count in a red dot over its child (an icon), like Ant Design's Badge without its weight
 * on the first load. Shows nothing for 0; past 99 it reads 99+. The count is for the eye only: the
 * surrounding link says it in words.
 */
export function CountBadge({
  count,
  children,
  testId,
  className,
}: {
  count: number;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <span className={className ? `${styles.countBadge} ${className}` : styles.countBadge} data-testid={testId}>
      {children}
      {count > 0 && (
        <span className={styles.countBadgeCount} aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </span>
  );
}
