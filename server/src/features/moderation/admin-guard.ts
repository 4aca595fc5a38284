import type { FastifyRequest } from "fastify";
import { appError } from "../../errors.js";
import { requireUser } from "../../plugins/auth.js";
import type { CurrentUser } from "../accounts/index.js";

/** The access check of routes declared moderator-only: 401 signed out, 403 for anyone but a moderator. */
export async function requireModerator(req: FastifyRequest): Promise<CurrentUser> {
  const me = await requireUser(req);
  const user = await req.server.db.selectFrom("users").select("role").where("id", "=", me.userId).executeTakeFirst();
  if (user?.role !== "moderator") throw appError("MODERATORS_ONLY");
  return me;
}
