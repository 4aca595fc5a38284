import type { OrderEvent } from "@xianzhi/contract";
import styles from "./orders.module.css";

const two = (value: number) => String(value).padStart(2, "0");

/** A moment of the timeline, in the reader's time: 2026-05-20 14:03. */
export function eventTime(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The order's events, the newest on top, as a parcel's tracking reads. */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  return (
    <ol className={styles.orderTimeline}>
      {[...events].reverse().map((event) => (
        <li key={event.id} className={styles.orderTimelineEvent}>
          <span className={styles.orderTimelineNote}>{event.note}</span>
          <time dateTime={event.createdAt} className={styles.orderTimelineTime}>
            {eventTime(event.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}
