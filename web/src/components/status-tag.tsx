import type { DealStatus, OfferStatus } from "@xianzhi/contract/constants";
import type { ReactNode } from "react";
import { classNames } from "./class-names";
import styles from "./status-tag.module.css";

/** How a status stands out: grey by default; orange while it waits on someone; green once done. */
export type StatusTone = "waiting" | "done";

const TONES: Record<StatusTone, string | undefined> = {
  waiting: styles.statusTagWaiting,
  done: styles.statusTagDone,
};

/** The tag of an offer's or a deal's status, in the tone its state gives it. */
export function StatusTag({ tone, children }: { tone?: StatusTone; children: ReactNode }) {
  return <span className={classNames(styles.statusTag, tone && TONES[tone])}>{children}</span>;
}

/** A deal under way waits on its two sides, a completed one is done; a cancelled one stays grey. */
export const DEAL_STATUS_TONES: Partial<Record<DealStatus, StatusTone>> = { reserved: "waiting", completed: "done" };

/** An open offer waits for its answer, an accepted one is done; the others stay grey. */
export const OFFER_STATUS_TONES: Partial<Record<OfferStatus, StatusTone>> = { open: "waiting", accepted: "done" };
