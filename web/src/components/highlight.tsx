import type { ReactNode } from "react";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The text with every occurrence of the search words marked, case-insensitively. */
export function Highlight({ text, words }: { text: string; words?: string[] }): ReactNode {
  const usable = (words ?? []).filter(Boolean);
  if (usable.length === 0) return text;
  const pattern = new RegExp(`(${usable.map(escapeRegExp).join("|")})`, "gi");
  const lowered = new Set(usable.map((word) => word.toLowerCase()));
  return text.split(pattern).map((part, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order
    lowered.has(part.toLowerCase()) ? <mark key={index}>{part}</mark> : part,
  );
}
