import { SellerStatsLimits } from "@xianzhi/contract";
import type { AskedChatRow } from "./seller-repository.js";

const MINUTE_MS = 60_000;
const REPLY_WITHIN_MS = SellerStatsLimits.replyWithinHours * 60 * MINUTE_MS;

export interface ResponseStats {
  responseRate: number | null;
  responseMinutes: number | null;
}

function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * How a seller answers the people who write to them: the share of chats answered within the day,
 * and the median wait for an answer among the chats answered at all (a late answer is still one).
 */
export function responseStats(chats: AskedChatRow[]): ResponseStats {
  if (chats.length === 0) return { responseRate: null, responseMinutes: null };
  const waits = chats
    .flatMap(({ askedAt, repliedAt }) => (repliedAt ? [Date.parse(repliedAt) - Date.parse(askedAt)] : []))
    .sort((a, b) => a - b);
  const inTime = waits.filter((wait) => wait <= REPLY_WITHIN_MS).length;
  return {
    responseRate: Math.round((inTime / chats.length) * 1000) / 1000,
    responseMinutes: waits.length === 0 ? null : Math.round(median(waits) / MINUTE_MS),
  };
}
