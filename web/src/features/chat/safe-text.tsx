import { SENDER_SAFETY_NOTE, safetyWarnings } from "@xianzhi/contract/constants";
import chatStyles from "./chat.module.css";
import styles from "./safe-text.module.css";

/** Web addresses in a message, with or without their scheme. */
const ADDRESS = /(https?:\/\/[^\s]+|www\.[^\s]+)/gi;

/** Whether an address points at this product: only those may be followed from a chat. */
export function isOwnAddress(address: string, origin: string): boolean {
  return address.startsWith(`${origin}/`) || address === origin;
}

/**
 * A message's text; addresses that point at this product are links, any other address stays
 * text (shown as an address, not followable), so a scammer's page is one step further away.
 */
export function SafeText({ content }: { content: string }) {
  const origin = window.location.origin;
  const parts = content.split(ADDRESS);
  return (
    <span className={chatStyles.bubbleText}>
      {parts.map((part, index) => {
        const key = `${index}:${part}`;
        if (index % 2 === 0) return <span key={key}>{part}</span>;
        if (isOwnAddress(part, origin)) {
          return (
            <a key={key} href={part}>
              {part}
            </a>
          );
        }
        return (
          <span key={key} className={styles.bubbleAddress} title="站外链接不可点击">
            {part}
          </span>
        );
      })}
    </span>
  );
}

/**
 * Under a message that moves the deal off the product: the reader's warnings, and for its sender
 * what the reader is shown.
 */
export function SafetyNotice({ content, mine }: { content: string; mine: boolean }) {
  const rules = safetyWarnings(content);
  if (rules.length === 0) return null;
  if (mine) return <p className={styles.safetyNote}>{SENDER_SAFETY_NOTE}</p>;
  return (
    <div className={styles.safetyBanner} role="note" aria-label="安全提醒">
      <strong>安全提醒</strong>
      {rules.map((rule) => (
        <p key={rule.id}>{rule.warning}</p>
      ))}
    </div>
  );
}
