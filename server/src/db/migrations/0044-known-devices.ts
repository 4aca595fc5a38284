import type { Kysely } from "kysely";
import { withIdColumn } from "./helpers.js";

/** 203.0.113.* / 2001:db8:0:1:*: the address with its last part hidden, as the accounts feature writes it. */
function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/.exec(ip);
  if (v4) return `${v4[1]}.*`;
  if (ip.includes(":")) return `${ip.split(":").slice(0, 4).join(":")}:*`;
  return ip === "" ? "未知" : "*";
}

/** The tables as the app's database reads them (its plugin turns snake_case columns to camelCase). */
interface Tables {
  sessions: {
    id: number;
    userId: number;
    userAgent: string;
    ip: string;
    createdAt: string;
    lastSeenAt: string | null;
    expiresAt: string;
  };
  knownDevices: {
    userId: number;
    deviceHash: string;
    userAgent: string;
    network: string;
    bound: number;
    firstSeenAt: string;
    lastSeenAt: string;
  };
}

/**
 * 新设备登录提醒: the devices each account has signed in from (named by a long-lived cookie's hash,
 * or for clients that keep no cookies by their User-Agent and network), and the one-use links of
 * the alerts sent for a new one, which end that session and start a password reset.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("known_devices"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("device_hash", "text", (col) => col.notNull())
    .addColumn("user_agent", "text", (col) => col.notNull())
    // The address with its last part hidden (203.0.113.*): a home's or an office's network.
    .addColumn("network", "text", (col) => col.notNull())
    // 1: vouches for its cookie on its own network only (a client matched by agent and network, or a
    // session from before this migration); 0: the owner was told of it, or it was the account's first.
    .addColumn("bound", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("first_seen_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("known_devices_user").on("known_devices").columns(["user_id", "device_hash"]).execute();

  await db.schema
    .createTable("device_alerts")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    // The session the alert is about (it may have ended since), its device's cookie hash, and the
    // passkey it signed in with, if any: 不是我本人 ends, forgets and removes them.
    .addColumn("session_id", "integer", (col) => col.notNull())
    .addColumn("device_hash", "text", (col) => col.notNull())
    .addColumn("passkey_id", "integer")
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("device_alerts_expires_at").on("device_alerts").column("expires_at").execute();
  await rememberLiveSessions(db as Kysely<Tables>);
}

/**
 * The devices of the sessions live now, each on its own network: an account's next sign-in from one
 * of them is no news, and one from elsewhere is told (instead of being taken as its first device).
 */
async function rememberLiveSessions(db: Kysely<Tables>): Promise<void> {
  const sessions = await db
    .selectFrom("sessions")
    .select(["id", "userId", "userAgent", "ip", "createdAt", "lastSeenAt"])
    .where("expiresAt", ">", new Date().toISOString())
    .execute();
  const seen = new Map<string, Tables["knownDevices"]>();
  for (const session of sessions) {
    const network = networkOf(session.ip);
    seen.set(`${session.userId}\n${session.userAgent}\n${network}`, {
      userId: session.userId,
      deviceHash: `session:${session.id}`,
      userAgent: session.userAgent,
      network,
      bound: 1,
      firstSeenAt: session.createdAt,
      lastSeenAt: session.lastSeenAt ?? session.createdAt,
    });
  }
  const rows = [...seen.values()];
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto("knownDevices")
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("device_alerts").execute();
  await db.schema.dropTable("known_devices").execute();
}
