import type { DbOrTx } from "../../db/database.js";

/** How many devices an account keeps: the most recently seen. */
const DEVICES_KEPT = 50;

export interface DeviceSeen {
  deviceHash: string;
  userAgent: string;
  network: string;
}

/** The account's rows of this cookie: one per network it signed in from. */
export function rowsOfCookie(db: DbOrTx, userId: number, deviceHash: string) {
  return db
    .selectFrom("knownDevices")
    .select(["id", "network", "bound"])
    .where("userId", "=", userId)
    .where("deviceHash", "=", deviceHash)
    .execute();
}

/** Whether the account has signed in with this User-Agent from this network. */
export async function knowsAgentOnNetwork(db: DbOrTx, userId: number, device: DeviceSeen): Promise<boolean> {
  const row = await db
    .selectFrom("knownDevices")
    .select("id")
    .where("userId", "=", userId)
    .where("userAgent", "=", device.userAgent)
    .where("network", "=", device.network)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasKnownDevices(db: DbOrTx, userId: number): Promise<boolean> {
  const row = await db.selectFrom("knownDevices").select("id").where("userId", "=", userId).executeTakeFirst();
  return row !== undefined;
}

export async function touchKnownDevice(db: DbOrTx, id: number, now: string): Promise<void> {
  await db.updateTable("knownDevices").set({ lastSeenAt: now }).where("id", "=", id).execute();
}

/** A device seen now; the account keeps its most recently seen ones only. */
export async function insertKnownDevice(
  db: DbOrTx,
  device: DeviceSeen & { userId: number; bound: boolean; now: string },
): Promise<void> {
  const { now, bound, ...rest } = device;
  await db
    .insertInto("knownDevices")
    .values({ ...rest, bound: bound ? 1 : 0, firstSeenAt: now, lastSeenAt: now })
    .execute();
  const kept = db
    .selectFrom("knownDevices")
    .select("id")
    .where("userId", "=", device.userId)
    .orderBy("lastSeenAt", "desc")
    .orderBy("id", "desc")
    .limit(DEVICES_KEPT);
  await db.deleteFrom("knownDevices").where("userId", "=", device.userId).where("id", "not in", kept).execute();
}

/** Forgets a device: its cookie no longer vouches for it anywhere. */
export async function forgetDevice(db: DbOrTx, userId: number, deviceHash: string): Promise<void> {
  await db.deleteFrom("knownDevices").where("userId", "=", userId).where("deviceHash", "=", deviceHash).execute();
}

export async function insertDeviceAlert(
  db: DbOrTx,
  alert: {
    tokenHash: string;
    userId: number;
    sessionId: number;
    deviceHash: string;
    passkeyId: number | null;
    expiresAt: string;
  },
): Promise<void> {
  await db.insertInto("deviceAlerts").values(alert).execute();
}

/** Takes a live alert link out of use: undefined when it is unknown, expired or used. */
export function takeDeviceAlert(db: DbOrTx, tokenHash: string, now: string) {
  return db
    .deleteFrom("deviceAlerts")
    .where("tokenHash", "=", tokenHash)
    .where("expiresAt", ">", now)
    .returning(["userId", "sessionId", "deviceHash", "passkeyId"])
    .executeTakeFirst();
}
