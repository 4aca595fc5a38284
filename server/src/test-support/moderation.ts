import type { FastifyInstance } from "fastify";
import { type RegisteredUser, registerUser } from "./accounts.js";
import { call } from "./test-app.js";

/** A registered user made a moderator, as `npm run make-moderator` does. */
export async function registerModerator(app: FastifyInstance, dataDir: string): Promise<RegisteredUser> {
  const user = await registerUser(app, dataDir);
  await app.db.updateTable("users").set({ role: "moderator" }).where("id", "=", Number(user.id)).execute();
  return user;
}

/** A report of a target by `reporter`; fails the test when refused. */
export async function reportTarget(
  app: FastifyInstance,
  reporter: RegisteredUser,
  targetType: string,
  targetId: string,
  reason = "fraud",
) {
  const reply = await call(app, "POST", "/api/reports", {
    token: reporter.token,
    body: { targetType, targetId, reason },
  });
  if (reply.code !== 200) throw new Error(`report failed: ${reply.msg}`);
  return reply.data;
}

/** A moderator's action on a queue item, as the console sends it. */
export function actOn(
  app: FastifyInstance,
  moderator: RegisteredUser,
  targetType: string,
  targetId: string,
  body: Record<string, unknown>,
) {
  return call(app, "POST", `/api/admin/targets/${targetType}/${targetId}/actions`, { token: moderator.token, body });
}
