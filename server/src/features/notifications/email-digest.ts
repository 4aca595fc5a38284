import { formatPrice, NOTIFICATION_KINDS, type Notification } from "@xianzhi/contract";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import type { Mail } from "../../plugins/mail.js";
import type { Deps } from "../../services.js";
import * as repo from "./notification-repository.js";
import { toNotifications } from "./notification-service.js";

const DIGEST_EVERY_SECONDS = 24 * 60 * 60;
/** The lines one digest lists; the rest are counted. */
const DIGEST_LINES = 10;

/** One notification as a line of plain text: who, what, about which goods, and its detail. */
export function describeNotification(notification: Notification): string {
  const who = notification.actor ? `${notification.actor.nickname} ` : "";
  const goods = notification.goods ? `「${notification.goods.title}」` : "";
  const amount = notification.amountCents === null ? "" : ` ${formatPrice(notification.amountCents)}`;
  const excerpt = notification.excerpt ? `：${notification.excerpt}` : "";
  return `${who}${NOTIFICATION_KINDS[notification.kind]}${goods}${amount}${excerpt}`;
}

function digestMail(to: string, nickname: string, lines: string[], unread: number): Mail {
  const more = unread > lines.length ? [`……还有 ${unread - lines.length} 条`] : [];
  return {
    to,
    subject: `【闲置】你有 ${unread} 条未读通知`,
    text: [
      `${nickname}，你好：`,
      `你有 ${unread} 条未读通知，最近的是：`,
      ...lines.map((line) => `· ${line}`),
      ...more,
      "",
      "登录闲置，在「通知」里查看全部。不想再收到这封邮件，可在个人中心的通知设置里关闭每日邮件。",
    ].join("\n"),
  };
}

/**
 * Sends the daily digest to each user who asked for it and has notifications unread since the last
 * one; users with nothing new get no mail. Answers how many were sent.
 */
export async function sendDigests({ db, mailer }: Deps<"db" | "mailer">): Promise<number> {
  const cutoff = isoAfterSeconds(-DIGEST_EVERY_SECONDS);
  let sent = 0;
  for (const user of await repo.usersDueForDigest(db, cutoff)) {
    const rows = await repo.unreadSince(db, user.userId, user.digestSentAt, DIGEST_LINES + 1);
    if (rows.length === 0) continue;
    if (!(await repo.claimDigest(db, user.userId, cutoff, nowIso()))) continue;
    const unread = await repo.countNotifications(db, user.userId, true);
    const lines = (await toNotifications(db, rows.slice(0, DIGEST_LINES))).map(describeNotification);
    await mailer.send(digestMail(user.email, user.nickname, lines, Math.max(unread, lines.length)));
    sent += 1;
  }
  return sent;
}
