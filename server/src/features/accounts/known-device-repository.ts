import type { DbOrTx } from "../../db/database.js";

/**
 * How the account has seen this device: the rows of its cookie (one per network it signed in
 * from), else the row of a device without cookies with the same User-Agent on the same network.
 */
export async function findKnownDevice(
  db: DbOrTx,
  userId: number,
  device: { deviceHash: string; userAgent: string; network: string },
): Promise<{ id: number; sameNetwork: boolean } | undefined> {
  const byCookie = await db
    .selectFrom("knownDevices")
    .select(["id", "network"])
    .where("userId", "=", userId)
    .where("deviceHash", "=", device.deviceHash)
    .execute();
  if (byCookie.length > 0) {
    const here = byCookie.find((row) => row.network === device.network);
    return { id: here?.id ?? (byCookie[0] as { id: number }).id, sameNetwork: here !== undefined };
  }
  const byAgent = await db
    .selectFrom("knownDevices")
    .select("id")
    .where("userId", "=", userId)
    .where("userAgent", "=", device.userAgent)
    .where("network", "=", device.network)
    .executeTakeFirst();
  return byAgent && { id: byAgent.id, sameNetwork: true };
}

export async function hasKnownDevices(db: DbOrTx, userId: number): Promise<boolean> {
  const row = await db.selectFrom("knownDevices").select("id").where("userId", "=", userId).executeTakeFirst();
  return row !== undefined;
}

/** Seen again on its network: its cookie (a client without one was given a new one), agent and time. */
export async function updateKnownDevice(
  db: DbOrTx,
  id: number,
  seen: { deviceHash: string; userAgent: string; now: string },
): Promise<void> {
  const { now, ...device } = seen;
  await db
    .updateTable("knownDevices")
    .set({ ...device, lastSeenAt: now })
    .where("id", "=", id)
    .execute();
}

export async function insertKnownDevice(
  db: DbOrTx,
  device: { userId: number; deviceHash: string; userAgent: string; network: string; now: string },
): Promise<void> {
  const { now, ...rest } = device;
  await db
    .insertInto("knownDevices")
    .values({ ...rest, firstSeenAt: now, lastSeenAt: now })
    .execute();
}

export async function insertDeviceAlert(
  db: DbOrTx,
  alert: { tokenHash: string; userId: number; sessionId: number; expiresAt: string },
): Promise<void> {
  await db.insertInto("deviceAlerts").values(alert).execute();
}

/** Takes a live alert link out of use: undefined when it is unknown, expired or used. */
export function takeDeviceAlert(db: DbOrTx, tokenHash: string, now: string) {
  return db
    .deleteFrom("deviceAlerts")
    .where("tokenHash", "=", tokenHash)
    .where("expiresAt", ">", now)
    .returning(["userId", "sessionId"])
    .executeTakeFirst();
}
