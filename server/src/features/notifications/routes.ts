import {
  DeletePushSubscriptionBodySchema,
  MarkNotificationsReadBodySchema,
  NotificationPageSchema,
  NotificationSettingsSchema,
  PageQuerySchema,
  PushKeySchema,
  PushSubscriptionStateSchema,
  SaveNotificationSettingsBodySchema,
  SavePushSubscriptionBodySchema,
  UnreadNotificationsSchema,
} from "@xianzhi/contract";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { userOf } from "../../plugins/auth.js";
import { serviceDeps } from "../../services.js";
import * as notifications from "./notification-service.js";
import { deletePushSubscription, savePushSubscription } from "./push-service.js";

/** A browser's subscription as PushManager gives it, at a push service the server accepts (FCM). */
const PUSH_SUBSCRIPTION_EXAMPLE = {
  endpoint: "https://fcm.googleapis.com/fcm/send/dGhpcyBpcyBhbiBleGFtcGxl:APA91bExample",
  expirationTime: null,
  keys: {
    p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    auth: "tBHItJI5svbpez7KI4CCXg",
  },
};

const route = apiRoutes("notifications");

/** The caller's notification centre: the list, the bell's count, marking read, the settings, Web Push. */
export const notificationRoutes: ApiRoutes = async (app) => {
  app.get(
    "/notifications",
    route.user({
      example: { as: "alice" },
      summary: "The user's notifications",
      answer: NotificationPageSchema,
      query: PageQuerySchema,
    }),
    async (req) => ok(await notifications.notificationPage(serviceDeps(app, req), userOf(req).userId, req.query)),
  );

  app.get(
    "/notifications/unread",
    route.user({
      example: { as: "alice" },
      summary: "How many notifications are unread",
      answer: UnreadNotificationsSchema,
    }),
    async (req) => ok(await notifications.unreadNotifications(serviceDeps(app, req), userOf(req).userId)),
  );

  app.put(
    "/notifications/read",
    route.user(
      {
        example: { as: "alice", body: {} },
        summary: "Mark notifications read (all without ids)",
        answer: UnreadNotificationsSchema,
        body: MarkNotificationsReadBodySchema,
      },
      { preValidation: app.rateLimits.readMarkPerUser },
    ),
    async (req) => ok(await notifications.markNotificationsRead(serviceDeps(app, req), userOf(req).userId, req.body)),
  );

  app.get(
    "/notifications/settings",
    route.user({
      example: { as: "alice" },
      summary: "Which notifications the user gets",
      answer: NotificationSettingsSchema,
    }),
    async (req) => ok(await notifications.notificationSettings(serviceDeps(app, req), userOf(req).userId)),
  );

  app.put(
    "/notifications/settings",
    route.user(
      {
        example: { as: "alice", body: { mutedGroups: [], emailDigest: true } },
        summary: "Choose which notifications to get",
        answer: NotificationSettingsSchema,
        body: SaveNotificationSettingsBodySchema,
      },
      { preValidation: app.rateLimits.profileEditPerUser },
    ),
    async (req) =>
      ok(
        await notifications.saveNotificationSettings(serviceDeps(app, req), userOf(req).userId, req.body),
        "设置已保存",
      ),
  );

  app.get(
    "/push/key",
    route.pub({ summary: "The server's Web Push (VAPID) public key, and whether push is on", answer: PushKeySchema }),
    async () => ok(app.notifier.webPush.key()),
  );

  app.put(
    "/push/subscriptions",
    route.user(
      {
        example: { as: "alice", body: PUSH_SUBSCRIPTION_EXAMPLE },
        summary: "Subscribe this device to the user's pushes (again: the same endpoint is one device)",
        answer: PushSubscriptionStateSchema,
        body: SavePushSubscriptionBodySchema,
      },
      { preValidation: app.rateLimits.profileEditPerUser },
    ),
    async (req) =>
      ok(
        await savePushSubscription(serviceDeps(app, req), userOf(req), req.body, req.headers["user-agent"]),
        "已开启推送通知",
      ),
  );

  app.delete(
    "/push/subscriptions",
    route.user(
      {
        example: { as: "alice", body: { endpoint: PUSH_SUBSCRIPTION_EXAMPLE.endpoint } },
        summary: "Stop pushes to this device",
        answer: null,
        body: DeletePushSubscriptionBodySchema,
      },
      { preValidation: app.rateLimits.profileEditPerUser },
    ),
    async (req) => {
      await deletePushSubscription(serviceDeps(app, req), userOf(req).userId, req.body.endpoint);
      return ok(null, "已关闭推送通知");
    },
  );
};
