import { MarkNotificationsReadBodySchema, NotificationSettingsSchema, PageQuerySchema } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { ok, parseInput } from "../../http/envelope.js";
import { requireUser } from "../../plugins/auth.js";
import * as notifications from "./notification-service.js";

/** The caller's notification centre: the list, the bell's count, marking read, the settings. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get("/notifications", async (req) => {
    const me = await requireUser(req);
    return ok(await notifications.notificationPage(db, me.userId, parseInput(PageQuerySchema, req.query)));
  });

  app.get("/notifications/unread", async (req) => {
    const me = await requireUser(req);
    return ok(await notifications.unreadNotifications(db, me.userId));
  });

  app.put("/notifications/read", { preHandler: app.rateLimits.readMarkPerUser }, async (req) => {
    const me = await requireUser(req);
    const body = parseInput(MarkNotificationsReadBodySchema, req.body ?? {});
    return ok(await notifications.markNotificationsRead(db, me.userId, body));
  });

  app.get("/notifications/settings", async (req) => {
    const me = await requireUser(req);
    return ok(await notifications.notificationSettings(db, me.userId));
  });

  app.put("/notifications/settings", { preHandler: app.rateLimits.profileEditPerUser }, async (req) => {
    const me = await requireUser(req);
    const settings = parseInput(NotificationSettingsSchema, req.body);
    return ok(await notifications.saveNotificationSettings(db, me.userId, settings), "设置已保存");
  });
}
