import type { FastifyRequest } from "fastify";
import type { Db } from "../db/database.js";
import { appError } from "../errors.js";
import type { CurrentUser } from "../features/accounts/index.js";
import { findLiveSession, noteSessionUse, type SessionKey } from "../features/accounts/index.js";
import { nowIso } from "../lib/clock.js";
import { sha256 } from "../lib/secrets.js";

const sessionKeyOf = (token: string): SessionKey => ({ tokenHash: sha256(token), now: nowIso() });

/** The user a token belongs to; shared by HTTP requests and the chat socket. */
export async function userOfToken(db: Db, token: string): Promise<CurrentUser> {
  const session = await findLiveSession(db, sessionKeyOf(token));
  if (!session) throw appError("SESSION_EXPIRED");
  await noteSessionUse(db, session.sessionId, session.seenAt);
  return { userId: session.userId, sessionId: session.sessionId };
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The token of an `Authorization: Bearer <token>` header; undefined when there is none or it is malformed. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}

/** The request's bearer token: a 401 when there is none or it is malformed. */
export function requireToken(req: FastifyRequest): string {
  const token = bearerToken(req);
  if (!token) throw appError("UNAUTHORIZED");
  return token;
}

function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const token = bearerTokenOf(header);
  if (!token) throw appError("UNAUTHORIZED", "登录凭证格式错误，请重新登录");
  return token;
}

export async function requireUser(req: FastifyRequest): Promise<CurrentUser> {
  const user = await optionalUser(req);
  if (!user) throw appError("UNAUTHORIZED");
  knownUsers.set(req, user);
  return user;
}

/** Looked up once per request: a per-user rate limit asks before the handler does. */
const usersOfRequests = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();
/** Who made a request, once known: for its log line and its handler. */
const knownUsers = new WeakMap<FastifyRequest, CurrentUser>();

/** The signed-in user of a request whose session was looked up, for its log line. */
export function signedInUserId(req: FastifyRequest): number | undefined {
  return knownUsers.get(req)?.userId;
}

/**
 * The caller of a route declared signed-in or moderator-only, whom the access check
 * (plugins/declared-routes.ts) found before the handler ran.
 */
export function userOf(req: FastifyRequest): CurrentUser {
  const user = knownUsers.get(req);
  if (!user) throw new Error(`${req.method} ${req.routeOptions.url} asks for its caller: declare it signed-in`);
  return user;
}

/** For calls open to everyone that answer more to a signed-in user. */
export function optionalUser(req: FastifyRequest): Promise<CurrentUser | null> {
  let user = usersOfRequests.get(req);
  if (!user) {
    user = lookUpUser(req);
    usersOfRequests.set(req, user);
    user.then(
      (found) => found && knownUsers.set(req, found),
      () => {},
    );
  }
  return user;
}

async function lookUpUser(req: FastifyRequest): Promise<CurrentUser | null> {
  const token = bearerToken(req);
  return token ? userOfToken(req.server.db, token) : null;
}

/**
 * A signed-in read answered by the same query as the session lookup (see `liveSessionOf`):
 * `read` gets the token's session key and returns the session's row with its answer, or nothing
 * when the session is not live. Refuses as `requireUser` does.
 */
export async function requireUserWith<Row extends CurrentUser>(
  req: FastifyRequest,
  read: (key: SessionKey) => Promise<Row | undefined>,
): Promise<Row> {
  const row = await read(sessionKeyOf(requireToken(req)));
  if (!row) throw appError("SESSION_EXPIRED");
  const user = { userId: row.userId, sessionId: row.sessionId };
  usersOfRequests.set(req, Promise.resolve(user));
  knownUsers.set(req, user);
  return row;
}
