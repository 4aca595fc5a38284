import { ChatLimits, ClientFrameSchema, describeIssue, Errors, type ServerFrame } from "@xianzhi/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { AppError } from "../../errors.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { nowIso } from "../../lib/clock.js";
import { userOfToken } from "../../plugins/auth.js";
import { CLOSE_SESSION_ENDED } from "../../plugins/realtime.js";
import { serviceDeps } from "../../services.js";
import type { CurrentUser } from "../accounts/index.js";
import { liveSessionIds } from "../accounts/index.js";
import { type SentMessage, sendMessage } from "./chat-service.js";

/** Lets a burst of frames through, then a steady rate; what comes faster is refused. */
class TokenBucket {
  private tokens: number;
  private last = Date.now();

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
  ) {
    this.tokens = burst;
  }

  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

const route = apiRoutes("chat");

const CLOSE_POLICY = 1008;
const CLOSE_INTERNAL = 1011;
/** "Service restart": the client reconnects, to this process once it is back or to another. */
const CLOSE_RESTART = 1012;

function errorFrame(error: unknown, clientMsgId?: string): ServerFrame {
  const known = error instanceof AppError ? error : new AppError(Errors.INTERNAL);
  return { type: "error", code: known.code, msg: known.message, ...(clientMsgId ? { clientMsgId } : {}) };
}

function readFrame(data: Buffer) {
  let json: unknown;
  try {
    json = JSON.parse(data.toString("utf8"));
  } catch {
    throw new AppError(Errors.BAD_FRAME, "消息不是合法的 JSON");
  }
  const clientMsgId = (json as { clientMsgId?: unknown })?.clientMsgId;
  const parsed = ClientFrameSchema.safeParse(json, { error: describeIssue });
  if (parsed.success) return parsed.data;
  const type = (json as { type?: unknown })?.type;
  const msg = type === "send" || type === "ping" ? parsed.error.issues[0]?.message : "不支持的消息类型";
  throw Object.assign(new AppError(Errors.BAD_FRAME, msg), {
    clientMsgId: typeof clientMsgId === "string" ? clientMsgId : undefined,
  });
}

/**
 * The chat socket at /api/ws?token=…. Frames are handled one after another in arrival order;
 * a message is acknowledged only once stored, then pushed to every socket of both members.
 */
export const chatSocketRoutes: ApiRoutes = async (app) => {
  const liveness = new Map<WebSocket, boolean>();
  const frames = new FramesInHand();
  const heartbeat = setInterval(() => {
    for (const [socket, alive] of liveness) {
      if (!alive) {
        socket.terminate();
        continue;
      }
      liveness.set(socket, false);
      socket.ping();
    }
  }, app.config.chatHeartbeatSeconds * 1000);
  heartbeat.unref();
  const sessionCheck = setInterval(() => void endSocketsOfEndedSessions(app), app.config.chatHeartbeatSeconds * 1000);
  sessionCheck.unref();
  // Runs before the database closes (a plugin's hooks close before its parent's).
  app.addHook("onClose", async () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    await frames.finish();
  });

  // A plain GET would get @fastify/websocket's empty 404: it gets the envelope instead.
  app.addHook("onRequest", async (req, reply) => {
    if (req.ws) return;
    reply.header("upgrade", "websocket");
    throw new AppError(Errors.UPGRADE_REQUIRED);
  });

  // Who the socket is, looked up before the upgrade completes, so that it joins the hub as the
  // client sees it open: a lookup after (a thread hop away on SQLite's readers, a round trip on
  // PostgreSQL) left a window in which what was pushed to the user missed the new socket.
  const signIns = new WeakMap<FastifyRequest, Promise<CurrentUser>>();
  const lookUpUser = async (req: FastifyRequest) => {
    const token = new URL(req.url, "http://socket").searchParams.get("token") ?? "";
    const signIn = userOfToken(app.db, token);
    signIns.set(req, signIn);
    // Settled before the upgrade; a refusal is told in the socket, below, not as an HTTP answer.
    await signIn.catch(() => undefined);
  };

  // Signed in by the query's token (above), not by the access check: browsers cannot set headers
  // on a WebSocket.
  const socketRoute = route.user(
    {
      summary: "The chat WebSocket: send frames in, messages and acknowledgements out",
      answer: null,
      socketFrames: ClientFrameSchema,
    },
    { websocket: true, preHandler: lookUpUser },
  );
  app.get("/ws", socketRoute, (socket: WebSocket, req: FastifyRequest) => {
    const send = (frame: ServerFrame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    };
    const bucket = new TokenBucket(ChatLimits.frameBurst, ChatLimits.framesPerSecond);
    let floodWarnings = 0;
    liveness.set(socket, true);
    socket.on("pong", () => liveness.set(socket, true));

    const signedIn = (signIns.get(req) ?? Promise.reject(new AppError(Errors.UNAUTHORIZED))).then(
      (user) => {
        if (app.hub.join(user, socket)) return user;
        send(errorFrame(new AppError(Errors.TOO_MANY_REQUESTS, "连接数过多")));
        socket.close(CLOSE_POLICY, "too many sockets");
        return null;
      },
      (error: unknown) => {
        send(errorFrame(error));
        // Only a token that is not (or no longer) valid ends the client's session; anything else
        // (the database away) lets it reconnect.
        if (error instanceof AppError) socket.close(CLOSE_SESSION_ENDED, "unauthorized");
        else {
          req.log.error({ err: error }, "chat socket sign-in failed");
          socket.close(CLOSE_INTERNAL, "try again");
        }
        return null;
      },
    );
    let handling: Promise<unknown> = signedIn;
    const refuseFlood = (clientMsgId?: string) => {
      floodWarnings += 1;
      send(errorFrame(new AppError(Errors.TOO_MANY_REQUESTS, "发送太快了，请稍后再试"), clientMsgId));
      if (floodWarnings >= ChatLimits.floodWarningsBeforeClose) socket.close(CLOSE_POLICY, "too many messages");
    };

    socket.on("message", (data: Buffer) => {
      if (!bucket.take()) return refuseFlood();
      handling = frames.track(
        handling.then(async () => {
          const user = await signedIn;
          if (!user || frames.closing) return;
          let frame: ReturnType<typeof readFrame> | undefined;
          let sent: SentMessage;
          try {
            frame = readFrame(data);
            if (frame.type === "ping") return send({ type: "pong" });
            if (!(await app.hub.allowMessage(user.userId))) return refuseFlood(frame.clientMsgId);
            sent = await sendMessage(serviceDeps(app, req), user.userId, frame);
            send({ type: "ack", clientMsgId: frame.clientMsgId, message: sent.message });
          } catch (error) {
            if (!(error instanceof AppError)) req.log.error({ err: error }, "chat frame failed");
            const clientMsgId =
              frame?.type === "send" ? frame.clientMsgId : (error as { clientMsgId?: string }).clientMsgId;
            return send(errorFrame(error, clientMsgId));
          }
          // After the ack nothing may answer an error: the hub logs what it cannot pass on.
          await app.hub.deliver(sent.memberIds, { type: "message", message: sent.message });
          // The recipient with no socket open anywhere gets a Web Push on the devices they subscribed.
          app.notifier.webPush.tellMessage(
            sent.message,
            sent.memberIds.filter((memberId) => memberId !== user.userId),
          );
        }),
      );
    });

    socket.on("close", () => {
      liveness.delete(socket);
      void signedIn.then((user) => user && app.hub.leave(user, socket));
    });
  });
};

/**
 * The frames this process is handling or has queued. Once the app closes, a queued frame is left
 * unhandled (unacknowledged, so the client sends it again after reconnecting, with the same
 * clientMsgId) and the one being stored is finished before the database closes.
 */
class FramesInHand {
  closing = false;
  private readonly pending = new Set<Promise<unknown>>();

  track(work: Promise<unknown>): Promise<unknown> {
    this.pending.add(work);
    const settled = () => this.pending.delete(work);
    work.then(settled, settled);
    return work;
  }

  async finish(): Promise<void> {
    this.closing = true;
    await Promise.allSettled(this.pending);
  }
}

/** How many session ids one check asks the database about at once. */
const SESSION_CHECK_BATCH = 500;

/**
 * Closes the sockets whose session has expired or ended, one query per batch of sessions. Ending
 * sessions reaches sockets at once through the hub; this check is the backstop for what it cannot
 * reach: sockets on another process while Redis is away, a socket that signed in while its session
 * was being ended, and sessions that simply expire.
 */
async function endSocketsOfEndedSessions(app: FastifyInstance): Promise<void> {
  const open = app.hub.sessionsHere();
  try {
    for (let start = 0; start < open.length; start += SESSION_CHECK_BATCH) {
      const batch = open.slice(start, start + SESSION_CHECK_BATCH);
      const live = await liveSessionIds(app.db, batch, nowIso());
      app.hub.endSessionsHere(batch.filter((sessionId) => !live.has(sessionId)));
    }
  } catch (error) {
    app.log.warn({ err: error }, "checking the chat sockets' sessions failed");
  }
}

/**
 * Closes every chat socket with 1012 when the app closes, so clients reconnect (to another
 * process, or to this one once it is back). Registered before @fastify/websocket, whose own
 * pre-close would end them without a code.
 */
export function closeSocketsForRestart(app: FastifyInstance): void {
  app.addHook("preClose", async () => {
    for (const client of app.websocketServer?.clients ?? []) client.close(CLOSE_RESTART, "server restart");
  });
}
