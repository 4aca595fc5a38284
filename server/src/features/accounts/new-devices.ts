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
import { type Mail, sendNotice } from "../../plugins/mail.js";
import type { Deps } from "../../services.js";
import type { DeviceSeen } from "./known-device-repository.js";
import * as devices from "./known-device-repository.js";
import {
  countPasskeys,
  deletePasskey,
  endPasskeyOnly,
  isPasskeyOnly,
  lockPasskeyAccount,
} from "./passkey-repository.js";
import { deleteSession, type SessionClient } from "./session-repository.js";
import { deviceOfAgent, maskedAddress } from "./user-agent.js";
import { findUserById } from "./user-repository.js";
import { insertEmailTicket } from "./verification-repository.js";

/** A sign-in from a device the account had not used: who, which session, from where, when, and how. */
export interface NewDeviceSignIn {
  userId: number;
  sessionId: number;
  userAgent: string;
  ip: string;
  at: string;
  /** The device's cookie hash, forgotten when the owner says it was not them. */
  deviceHash: string;
  /** The passkey it signed in with (removed then too); null: the password. */
  passkeyId: number | null;
}

/** The device a sign-in came from: the cookie to set (the same one, or a new one), and the alert to send. */
export interface SignInDevice {
  token: string;
  newDevice: NewDeviceSignIn | null;
}

/**
 * Whether the account knows the device, noting it either way. A cookie vouches for its browser on
 * any network once the owner knows of it (it was told, or it was the account's first device); a
 * client on a network the account has used, with the same User-Agent, is known there only: its new
 * cookie does not vouch for it elsewhere, and no row of another device is changed.
 */
async function knowsDevice(tx: DbOrTx, userId: number, seen: DeviceSeen, now: string): Promise<boolean> {
  const rows = await devices.rowsOfCookie(tx, userId, seen.deviceHash);
  const here = rows.find((row) => row.network === seen.network);
  if (here) {
    await devices.touchKnownDevice(tx, here.id, now);
    return true;
  }
  if (rows.some((row) => row.bound === 0)) {
    await devices.insertKnownDevice(tx, { userId, ...seen, bound: false, now });
    return true;
  }
  if (await devices.knowsAgentOnNetwork(tx, userId, seen)) {
    await devices.insertKnownDevice(tx, { userId, ...seen, bound: true, now });
    return true;
  }
  return false;
}

/** In the sign-in's transaction: the device is noted, and told of when it is new to an account that had others. */
export async function noteSignInDevice(
  tx: DbOrTx,
  signIn: { userId: number; sessionId: number; passkeyId: number | null },
  client: SessionClient,
): Promise<SignInDevice> {
  const token = client.deviceToken ?? randomToken();
  const now = nowIso();
  const seen = { deviceHash: sha256(token), userAgent: client.userAgent, network: maskedAddress(client.ip) };
  if (await knowsDevice(tx, signIn.userId, seen, now)) return { token, newDevice: null };
  // The account's first device (its registration, or its first sign-in since alerts began) is no news.
  const hadDevices = await devices.hasKnownDevices(tx, signIn.userId);
  await devices.insertKnownDevice(tx, { userId: signIn.userId, ...seen, bound: false, now });
  if (!hadDevices) return { token, newDevice: null };
  return {
    token,
    newDevice: { ...signIn, userAgent: client.userAgent, ip: client.ip, at: now, deviceHash: seen.deviceHash },
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
  const how = signIn.passkeyId === null ? "密码" : "通行密钥";
  const leaked =
    signIn.passkeyId === null
      ? "说明你的密码可能已经泄露。请立即打开下面的链接：这台设备会马上退出登录，然后请设置新密码"
      : "说明你的通行密钥可能已被他人使用。请立即打开下面的链接：这台设备会马上退出登录，它用的通行密钥会被删除";
  return {
    to,
    subject: "【闲置】你的账号在新设备上登录",
    text: [
      `你的闲置账号（用户名：${username}）刚刚用${how}在一台新设备上登录：`,
      `时间：${chinaTime.format(new Date(signIn.at))}（北京时间）`,
      `设备：${device}`,
      "",
      "如果是你本人，无需处理。",
      `如果不是你本人，${leaked}（链接 24 小时内有效，只能使用一次）：`,
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
      deviceHash: signIn.deviceHash,
      passkeyId: signIn.passkeyId,
      expiresAt,
    });
    await outbox.record(tx, [{ userId: user.id, kind: "new_device", excerpt: device }]);
  });
  outbox.push();
  // In the fragment: browsers send it to no server, so no proxy's or CDN's log keeps it.
  const link = `${siteOrigin(config)}/device-alert#token=${token}`;
  await sendNotice({ mailer, log }, newDeviceNotice(user.email, user.username, signIn, device, link), user.id);
}

/**
 * 不是我本人: the alert's link ends the session it is about, forgets its device, removes the
 * passkey it signed in with, and answers a ticket for a password reset (the link came to the
 * account's mailbox, as a reset code would). An account that signs in with passkeys only gets no
 * ticket, unless the passkey removed was its last: then it signs in with the password again, reset
 * first. The route then closes that session's sockets.
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
    await devices.forgetDevice(tx, user.id, alert.deviceHash);
    if (alert.passkeyId !== null) await removeStolenPasskey(tx, user.id, alert.passkeyId);
    const denied = { email: user.email, sessionId: alert.sessionId };
    if (await isPasskeyOnly(tx, user.id)) return { ...denied, emailTicket: null };
    const emailTicket = randomToken();
    await insertEmailTicket(tx, {
      ticketHash: sha256(emailTicket),
      email: user.email,
      purpose: "reset_password",
      expiresAt: isoAfterSeconds(AccountLimits.emailTicketTtlSeconds),
    });
    return { ...denied, emailTicket };
  });
}

/** A passkey someone else signed in with: removed; 仅通行密钥登录 goes off with the account's last one. */
async function removeStolenPasskey(tx: DbOrTx, userId: number, passkeyId: number): Promise<void> {
  await lockPasskeyAccount(tx, userId);
  await deletePasskey(tx, userId, passkeyId);
  if ((await countPasskeys(tx, userId)) === 0) await endPasskeyOnly(tx, userId);
}
