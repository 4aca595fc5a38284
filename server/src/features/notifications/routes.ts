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

const route = apiRoutes("notifications");

/** The caller's notification centre: the list, the bell's count, marking read, the settings, Web Push. */
export const notificationRoutes: ApiRoutes = async (app) => {
  app.get(
    "/notifications",
    route.user({ summary: "The user's notifications", answer: NotificationPageSchema, query: PageQuerySchema }),
    async (req) => ok(await notifications.notificationPage(serviceDeps(app, req), userOf(req).userId, req.query)),
  );

  app.get(
    "/notifications/unread",
    route.user({ summary: "How many notifications are unread", answer: UnreadNotificationsSchema }),
    async (req) => ok(await notifications.unreadNotifications(serviceDeps(app, req), userOf(req).userId)),
  );

  app.put(
    "/notifications/read",
    route.user(
      {
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
    route.user({ summary: "Which notifications the user gets", answer: NotificationSettingsSchema }),
    async (req) => ok(await notifications.notificationSettings(serviceDeps(app, req), userOf(req).userId)),
  );

  app.put(
    "/notifications/settings",
    route.user(
      {
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
      { summary: "Stop pushes to this device", answer: null, body: DeletePushSubscriptionBodySchema },
      { preValidation: app.rateLimits.profileEditPerUser },
    ),
    async (req) => {
      await deletePushSubscription(serviceDeps(app, req), userOf(req).userId, req.body.endpoint);
      return ok(null, "已关闭推送通知");
    },
  );
};
