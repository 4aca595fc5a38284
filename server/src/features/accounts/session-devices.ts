import type { EndedSessions, SessionDeviceList } from "@xianzhi/contract";
import type { Db } from "../../db/database.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import type { CurrentUser } from "./account-service.js";
import { deleteSessionOfUser, deleteSessionsOfUser, liveSessionsOfUser, touchSession } from "./session-repository.js";
import { deviceOfAgent, maskedAddress } from "./user-agent.js";

/**
 * 登录设备: the caller's signed-in sessions, each with the device and address it signed in from and
 * when it was last used; the caller ends any one, or all but their own. The routes then close the
 * ended sessions' sockets on every process.
 */

/** How stale a session's last use may be: a signed-in request writes it at most this often. */
export const SESSION_SEEN_STEP_MS = 10 * 60 * 1000;

/** A request made with a session: its last use is written when the one written is a step old. */
export async function noteSessionUse(db: Db, sessionId: number, seenAt: string): Promise<void> {
  const now = Date.now();
  if (now - Date.parse(seenAt) < SESSION_SEEN_STEP_MS) return;
  await touchSession(db, sessionId, new Date(now).toISOString(), new Date(now - SESSION_SEEN_STEP_MS).toISOString());
}

export async function sessionDevices(
  { db, places }: Deps<"db" | "places">,
  me: CurrentUser,
): Promise<SessionDeviceList> {
  const rows = await liveSessionsOfUser(db, me.userId, nowIso());
  const devices = rows.map((row) => ({
    id: String(row.id),
    current: row.id === me.sessionId,
    ...deviceOfAgent(row.userAgent),
    address: maskedAddress(row.ip),
    place: places.placeOf(row.ip),
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt ?? row.createdAt,
  }));
  // The device in hand first, then the others by their last use.
  return [...devices.filter((device) => device.current), ...devices.filter((device) => !device.current)];
}

/** Ends one of the caller's sessions (their own too: that is signing out). Another's, or none: 404. */
export async function endSessionDevice({ db }: Deps<"db">, me: CurrentUser, sessionId: number): Promise<void> {
  if (!(await deleteSessionOfUser(db, me.userId, sessionId))) throw appError("SESSION_NOT_FOUND");
}

/** Ends every session of the caller's but the one this request is made with. */
export async function endOtherSessionDevices({ db }: Deps<"db">, me: CurrentUser): Promise<EndedSessions> {
  return { ended: await deleteSessionsOfUser(db, me.userId, me.sessionId) };
}
