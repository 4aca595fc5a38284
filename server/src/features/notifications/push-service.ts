import {
  type ChatMessage,
  type PushKey,
  type PushKind,
  PushLimits,
  type PushSubscriptionState,
  type SavePushSubscriptionBody,
} from "@xianzhi/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.js";
import type { Db } from "../../db/database.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Hub } from "../../plugins/realtime.js";
import type { Deps } from "../../services.js";
import * as notificationRepo from "./notification-repository.js";
import type { StoredNotification } from "./notification-service.js";
import { toNotifications } from "./notification-service.js";
import { loadVapidKeys } from "./push-keys.js";
import { messagePush, notificationPush, PUSH_KIND_OF, type PushMessage } from "./push-payloads.js";
import * as repo from "./push-repository.js";
import { isAllowedPushService, PushSender } from "./push-sender.js";

/** Pushes sent at once by one process: a price drop told to a thousand devices goes out a few at a time. */
const PARALLEL_PUSHES = 8;

/** A push for one user, under one switch. */
interface Tell {
  userId: number;
  kind: PushKind;
  message: PushMessage;
}

/**
 * Web Push, the bonus channel: what is told to a user with no socket open on any process goes to
 * their subscribed devices too, for the kinds they left on. It runs after the write committed and
 * never fails it: a push service that answers 404 or 410 loses its subscription, other failures
 * are logged and the notification waits in the centre.
 */
export class WebPush {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
    /** null: push is off (no VAPID keys could be had). */
    readonly sender: PushSender | null,
    private readonly services: string[],
    private readonly log: FastifyBaseLogger,
  ) {}

  key(): PushKey {
    return { enabled: this.sender !== null, publicKey: this.sender?.keys.publicKey ?? null };
  }

  acceptsEndpoint(endpoint: string): boolean {
    return isAllowedPushService(endpoint, this.services);
  }

  /** Stored notifications, just committed: pushed to those of their users nobody sees online. */
  tellStored(stored: StoredNotification[]): void {
    this.track(async () => {
      const pushed = await this.reachableDevices(stored.map((notification) => notification.userId));
      if (pushed.size === 0) return;
      const rows = await notificationRepo.notificationsByIds(
        this.db,
        stored.filter((notification) => pushed.has(notification.userId)).map((notification) => notification.id),
      );
      const notifications = await toNotifications(this.db, rows);
      const tells = notifications.flatMap((notification, index): Tell[] => {
        const kind = PUSH_KIND_OF.get(notification.kind);
        const userId = rows[index]?.userId as number;
        return kind ? [{ userId, kind, message: notificationPush(notification) }] : [];
      });
      await this.send(tells, pushed);
    });
  }

  /** A chat message, just stored: pushed to its recipients nobody sees online. */
  tellMessage(message: ChatMessage, recipientIds: number[]): void {
    this.track(async () => {
      const pushed = await this.reachableDevices(recipientIds);
      if (pushed.size === 0) return;
      const push = messagePush(message, await repo.nicknameOf(this.db, Number(message.senderId)));
      const tells = [...pushed.keys()].map((userId): Tell => ({ userId, kind: "messages", message: push }));
      await this.send(tells, pushed);
    });
  }

  /** Waits for the pushes under way (the app is closing; a test looks at what was sent). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  /** The subscribed devices of those of these users with no socket open anywhere, by user. */
  private async reachableDevices(userIds: number[]): Promise<Map<number, repo.PushDeviceRow[]>> {
    const byUser = new Map<number, repo.PushDeviceRow[]>();
    if (!this.sender || userIds.length === 0) return byUser;
    const devices = await repo.devicesOf(this.db, [...new Set(userIds)], nowIso());
    if (devices.length === 0) return byUser;
    const connected = await this.hub.connected([...new Set(devices.map((device) => device.userId))]);
    for (const device of devices) {
      if (connected.has(device.userId)) continue;
      byUser.set(device.userId, [...(byUser.get(device.userId) ?? []), device]);
    }
    return byUser;
  }

  private async send(tells: Tell[], devices: Map<number, repo.PushDeviceRow[]>): Promise<void> {
    const sender = this.sender;
    if (!sender) return;
    const unread = new Map<number, number>();
    for (const userId of new Set(tells.map((tell) => tell.userId))) {
      unread.set(userId, await notificationRepo.countNotifications(this.db, userId, true));
    }
    const jobs = tells.flatMap((tell) =>
      (devices.get(tell.userId) ?? [])
        .filter((device) => !(device.pushMuted ?? "").split(",").includes(tell.kind))
        .map((device) => ({ device, tell })),
    );
    const delivered: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const { device, tell } = jobs[next++] as (typeof jobs)[number];
        const payload = { ...tell.message.payload, unread: unread.get(tell.userId) ?? 0 };
        try {
          const status = await sender.send(device, payload, tell.message.options);
          if (status >= 200 && status < 300) delivered.push(device.endpoint);
          else if (status === 404 || status === 410) await repo.deleteEndpoint(this.db, device.endpoint);
          else this.log.warn({ status, service: new URL(device.endpoint).host }, "web push refused");
        } catch (error) {
          this.log.warn({ err: error, service: new URL(device.endpoint).host }, "web push not sent");
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PUSHES, jobs.length) }, worker));
    if (delivered.length > 0) await repo.markDelivered(this.db, delivered, nowIso());
  }

  private track(work: () => Promise<void>): void {
    const running = work().catch((error) => this.log.warn({ err: error }, "web push failed"));
    this.inFlight.add(running);
    void running.finally(() => this.inFlight.delete(running));
  }
}

/** Web Push with the configured keys, or those generated into DATA_DIR; off when there are none. */
export async function openWebPush(
  config: Pick<Config, "dataDir" | "webPush">,
  db: Db,
  hub: Hub,
  log: FastifyBaseLogger,
): Promise<WebPush> {
  const keys = await loadVapidKeys(config, log);
  const sender = keys && new PushSender(keys, config.webPush.subject);
  return new WebPush(db, hub, sender, config.webPush.services, log);
}

/** A short name of the browser that subscribed, from its User-Agent (Chrome · Android). */
export function browserLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? "";
  const browser =
    [
      ["Edge", /Edg\//],
      ["Firefox", /Firefox\//],
      ["Samsung Internet", /SamsungBrowser\//],
      ["Opera", /OPR\//],
      ["Chrome", /Chrome\//],
      ["Safari", /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(ua))?.[0] ?? "浏览器";
  const system =
    [
      ["Android", /Android/],
      ["iOS", /iPhone|iPad/],
      ["Windows", /Windows/],
      ["macOS", /Mac OS X/],
      ["Linux", /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(ua))?.[0] ?? "";
  return system ? `${browser} · ${system}` : (browser as string);
}

/** Subscribes the caller's device (PUT is idempotent by endpoint; a device signed in as another moves here). */
export async function savePushSubscription(
  { db, notifier: { webPush } }: Deps<"db" | "notifier">,
  user: { userId: number; sessionId: number },
  body: SavePushSubscriptionBody,
  userAgent: string | undefined,
): Promise<PushSubscriptionState> {
  if (!webPush.sender) throw appError("PUSH_NOT_CONFIGURED");
  if (!webPush.acceptsEndpoint(body.endpoint)) throw appError("PUSH_SERVICE_UNSUPPORTED");
  return db.transaction().execute(async (tx) => {
    const saved = await repo.saveSubscription(tx, {
      endpoint: body.endpoint,
      userId: user.userId,
      sessionId: user.sessionId,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      userAgent: browserLabel(userAgent),
      createdAt: nowIso(),
    });
    await repo.trimSubscriptions(tx, user.userId, PushLimits.devicesPerUser);
    return saved;
  });
}

export async function deletePushSubscription({ db }: Deps<"db">, userId: number, endpoint: string): Promise<void> {
  if (!(await repo.deleteSubscription(db, userId, endpoint))) throw appError("PUSH_SUBSCRIPTION_NOT_FOUND");
}
