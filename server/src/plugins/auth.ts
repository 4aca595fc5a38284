import type { FastifyRequest } from "fastify";
import type { Db } from "../db/database.js";
import { appError } from "../errors.js";
import type { CurrentUser } from "../features/accounts/account-service.js";
import { findLiveSession } from "../features/accounts/session-repository.js";
import { nowIso } from "../lib/clock.js";
import { sha256 } from "../lib/secrets.js";

/** The user a token belongs to; shared by HTTP requests and the chat socket. */
export async function userOfToken(db: Db, token: string): Promise<CurrentUser> {
  const session = await findLiveSession(db, sha256(token), nowIso());
  if (!session) throw appError("SESSION_EXPIRED");
  return { userId: session.userId, sessionId: session.id };
}

function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw appError("UNAUTHORIZED", "登录凭证格式错误，请重新登录");
  return match[1];
}

export async function requireUser(req: FastifyRequest): Promise<CurrentUser> {
  const user = await optionalUser(req);
  if (!user) throw appError("UNAUTHORIZED");
  return user;
}

/** Looked up once per request: a per-user rate limit asks before the handler does. */
const usersOfRequests = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

/** For calls open to everyone that answer more to a signed-in user. */
export function optionalUser(req: FastifyRequest): Promise<CurrentUser | null> {
  let user = usersOfRequests.get(req);
  if (!user) {
    user = lookUpUser(req);
    usersOfRequests.set(req, user);
  }
  return user;
}

async function lookUpUser(req: FastifyRequest): Promise<CurrentUser | null> {
  const token = bearerToken(req);
  return token ? userOfToken(req.server.db, token) : null;
}
