import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database.js";
import type { Hub } from "../../plugins/realtime.js";
import { NotificationOutbox, pushNotifications, type StoredNotification } from "./notification-service.js";
import type { WebPush } from "./push-service.js";

/** Hands each write an outbox whose notifications are pushed live once the write has committed. */
export interface Notifier {
  outbox(): NotificationOutbox;
  /** Web Push: the devices of users who are not connected (also told of new chat messages). */
  webPush: WebPush;
}

export function createNotifier(db: Db, hub: Hub, webPush: WebPush, log: FastifyBaseLogger): Notifier {
  // A push that fails loses nothing: the notifications are stored, and read from the centre.
  const push = (stored: StoredNotification[]) => {
    void pushNotifications({ db, hub }, stored).catch((error) =>
      log.warn({ err: error }, "pushing notifications failed"),
    );
    webPush.tellStored(stored);
  };
  return { outbox: () => new NotificationOutbox(push), webPush };
}
