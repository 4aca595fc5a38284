import type { ReactNode } from "react";
import { type ChoiceProps, PlainSelect } from "../../components/plain-controls";
import styles from "./feed.module.css";

/**
 * The row over a feed: what it shows (the categories, a title), then at its end 筛选 and the selects
 * (FeedSelect), which share the width on a phone.
 */
export function FeedToolbar({ children, tools }: { children: ReactNode; tools: ReactNode }) {
  return (
    <div className={styles.feedToolbar}>
      {children}
      <div className={styles.feedToolbarFilters}>{tools}</div>
    </div>
  );
}

/** A select among the toolbar's tools (the category, the sort). */
export function FeedSelect<T extends string>(props: Omit<ChoiceProps<T>, "className">) {
  return <PlainSelect {...props} className={styles.feedToolbarSelect} />;
}
