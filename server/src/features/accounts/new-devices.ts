/**
 * 新设备登录提醒: each sign-in notes the device it came from, named by a long-lived HttpOnly
 * cookie, or (for a client that keeps none: a script, an app) by its User-Agent and network. A
 * sign-in from a device the account has not used before, once the account has used any, is told to
 * its owner by e-mail and in the notifications; the e-mail's link ends that session and hands out
 * a ticket for a password reset, since whoever signed in knew the password.
 */
import {
  AccountLimits,
  DEVICE_COOKIE,
  type DeniedDevice,
  type DenyDeviceBody,
  NewDeviceLimits,
} from "@xianzhi/contract";
import type { Config } from "../../config.js";
import type { DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import type { PlaceLookup } from "../../lib/places.js";
import { randomToken, sha256 } from "../../lib/secrets.js";
import type { Mail } from "../../plugins/mail.js";
import type { Deps } from "../../services.js";
import * as devices from "./known-device-repository.js";
import { isPasskeyOnly } from "./passkey-repository.js";
import { deleteSession, type SessionClient } from "./session-repository.js";
import { deviceOfAgent, maskedAddress } from "./user-agent.js";
import { findUserById } from "./user-repository.js";
import { insertEmailTicket } from "./verification-repository.js";

/** A sign-in from a device the account had not used: who, which session, from where, when. */
export interface NewDeviceSignIn {
  userId: number;
  sessionId: number;
  userAgent: string;
  ip: string;
  at: string;
}

/** The device a sign-in came from: the cookie to set (the same one, or a new one), and the alert to send. */
export interface SignInDevice {
  token: string;
  newDevice: NewDeviceSignIn | null;
}

/** In the sign-in's transaction: the device is noted, and told of when it is new to an account that had others. */
export async function noteSignInDevice(
  tx: DbOrTx,
  userId: number,
  sessionId: number,
  client: SessionClient,
): Promise<SignInDevice> {
  const token = client.deviceToken ?? randomToken();
  const now = nowIso();
  const seen = { deviceHash: sha256(token), userAgent: client.userAgent, network: maskedAddress(client.ip), now };
  const known = await devices.findKnownDevice(tx, userId, seen);
  if (known?.sameNetwork) {
    await devices.updateKnownDevice(tx, known.id, seen);
    return { token, newDevice: null };
  }
  if (known) {
    // The browser of a known cookie on a network new to it: remembered there too, no news.
    await devices.insertKnownDevice(tx, { userId, ...seen });
    return { token, newDevice: null };
  }
  // The account's first device (its registration, or its first sign-in since alerts began) is no news.
  const hadDevices = await devices.hasKnownDevices(tx, userId);
  await devices.insertKnownDevice(tx, { userId, ...seen });
  return {
    token,
    newDevice: hadDevices ? { userId, sessionId, userAgent: client.userAgent, ip: client.ip, at: now } : null,
  };
}

/** The Set-Cookie of the device cookie: sent back on sign-in calls only, kept a year, never read by scripts. */
export function deviceCookie(token: string, config: Pick<Config, "publicOrigin">): string {
  const maxAge = NewDeviceLimits.deviceCookieDays * 24 * 3600;
  const secure = config.publicOrigin?.startsWith("https:") ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${token}; Path=/api/user; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

const DEVICE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([\\w-]{16,100})(?:;|$)`);

/** The device cookie a request carries, or null. */
export const deviceTokenOf = (cookieHeader: string | undefined): string | null =>
  DEVICE_COOKIE_VALUE.exec(cookieHeader ?? "")?.[1] ?? null;

const chinaTime = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  dateStyle: "long",
  timeStyle: "short",
});

/** "Chrome 131 · Android 14 · 175.16.199.* · 吉林 长春": the device as the alert names it, its place when known. */
function deviceWords(signIn: NewDeviceSignIn, places: PlaceLookup): string {
  const device = deviceOfAgent(signIn.userAgent);
  const place = places.placeOf(signIn.ip);
  return [device.browser, device.system, maskedAddress(signIn.ip), ...(place ? [place] : [])].join(" · ");
}

function newDeviceNotice(to: string, username: string, signIn: NewDeviceSignIn, device: string, link: string): Mail {
  return {
    to,
    subject: "【闲置】你的账号在新设备上登录",
    text: [
      `你的闲置账号（用户名：${username}）刚刚在一台新设备上登录：`,
      `时间：${chinaTime.format(new Date(signIn.at))}（北京时间）`,
      `设备：${device}`,
      "",
      "如果是你本人，无需处理。",
      "如果不是你本人，说明你的密码可能已经泄露。请立即打开下面的链接：这台设备会马上退出登录，然后请设置新密码（链接 24 小时内有效，只能使用一次）：",
      link,
    ].join("\n"),
  };
}

/** The site's address the alert's link opens: PUBLIC_ORIGIN, else the server itself on localhost. */
const siteOrigin = (config: Pick<Config, "publicOrigin" | "port">) =>
  config.publicOrigin ?? `http://localhost:${config.port}`;

/**
 * Tells the owner of a sign-in from a new device, once the sign-in has committed: a notification,
 * and an e-mail with the link that undoes it. A mail that cannot be sent is logged; the sign-in stands.
 */
export async function alertNewDevice(
  { db, outbox, mailer, log, config, places }: Deps<"db" | "outbox" | "mailer" | "log" | "config" | "places">,
  signIn: NewDeviceSignIn,
): Promise<void> {
  const user = await findUserById(db, signIn.userId);
  if (!user) return;
  const device = deviceWords(signIn, places);
  const token = randomToken();
  const expiresAt = isoAfterSeconds(NewDeviceLimits.alertLinkTtlSeconds);
  await db.transaction().execute(async (tx) => {
    await devices.insertDeviceAlert(tx, {
      tokenHash: sha256(token),
      userId: user.id,
      sessionId: signIn.sessionId,
      expiresAt,
    });
    await outbox.record(tx, [{ userId: user.id, kind: "new_device", excerpt: device }]);
  });
  outbox.push();
  // In the fragment: browsers send it to no server, so no proxy's or CDN's log keeps it.
  const link = `${siteOrigin(config)}/device-alert#token=${token}`;
  try {
    await mailer.send(newDeviceNotice(user.email, user.username, signIn, device, link));
  } catch (error) {
    log.error({ err: error, userId: user.id }, "the new-device alert could not be sent");
  }
}

/**
 * 不是我本人: the alert's link ends the session it is about and answers a ticket for a password
 * reset (the link came to the account's mailbox, as a reset code would), or none for an account
 * that signs in with passkeys only. The route then closes that session's sockets.
 */
export async function denyDevice(
  { db }: Deps<"db">,
  body: DenyDeviceBody,
): Promise<DeniedDevice & { sessionId: number }> {
  return db.transaction().execute(async (tx) => {
    const alert = await devices.takeDeviceAlert(tx, sha256(body.token), nowIso());
    const user = alert && (await findUserById(tx, alert.userId));
    if (!alert || !user || user.deletedAt) throw appError("DEVICE_ALERT_INVALID");
    await deleteSession(tx, alert.sessionId);
    if (await isPasskeyOnly(tx, user.id)) return { email: user.email, emailTicket: null, sessionId: alert.sessionId };
    const emailTicket = randomToken();
    await insertEmailTicket(tx, {
      ticketHash: sha256(emailTicket),
      email: user.email,
      purpose: "reset_password",
      expiresAt: isoAfterSeconds(AccountLimits.emailTicketTtlSeconds),
    });
    return { email: user.email, emailTicket, sessionId: alert.sessionId };
  });
}
