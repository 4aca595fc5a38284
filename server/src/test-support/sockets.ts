import type { AddressInfo } from "node:net";
import type { ServerFrame } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import WebSocket from "ws";

export interface TestSocket {
  socket: WebSocket;
  frames: ServerFrame[];
  send(frame: unknown): void;
  /** The first frame (already received or still to come) that matches. */
  next<T extends ServerFrame>(match: (frame: ServerFrame) => frame is T, timeoutMs?: number): Promise<T>;
  next(match: (frame: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

/** `answerPings: false` plays a dead peer: the server's pings go unanswered. */
export async function openSocket(base: string, token: string, { answerPings = true } = {}): Promise<TestSocket> {
  const socket = new WebSocket(`${base}/api/ws?token=${encodeURIComponent(token)}`, { autoPong: answerPings });
  const frames: ServerFrame[] = [];
  const waiters: { match: (frame: ServerFrame) => boolean; resolve: (frame: ServerFrame) => void }[] = [];
  const seen = new Set<ServerFrame>();
  socket.on("message", (data) => {
    const frame = JSON.parse(String(data)) as ServerFrame;
    frames.push(frame);
    const waiter = waiters.find((each) => each.match(frame));
    if (waiter) {
      seen.add(frame);
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(frame);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return {
    socket,
    frames,
    closed,
    send: (frame) => socket.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    next(match: (frame: ServerFrame) => boolean, timeoutMs = 5000) {
      const already = frames.find((frame) => !seen.has(frame) && match(frame));
      if (already) {
        seen.add(already);
        return Promise.resolve(already);
      }
      return new Promise<ServerFrame>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (frame) => {
            clearTimeout(timer);
            resolve(frame);
          },
        });
      });
    },
    async close() {
      if (socket.readyState === socket.CLOSED) return;
      socket.close();
      await closed;
    },
  } as TestSocket;
}

export const isType =
  <K extends ServerFrame["type"]>(type: K) =>
  (frame: ServerFrame): frame is Extract<ServerFrame, { type: K }> =>
    frame.type === type;

/** A message frame carrying the given text. */
export const isMessageWith =
  (content: string) =>
  (frame: ServerFrame): frame is Extract<ServerFrame, { type: "message" }> =>
    frame.type === "message" && frame.message.content === content;

/** A text message to send; its content doubles as its client id unless one is given. */
export const textFrame = (chatId: string, content: string, clientMsgId = content) => ({
  type: "send",
  chatId,
  msgType: "text",
  content,
  clientMsgId,
});

export const isAckOf =
  (clientMsgId: string) =>
  (frame: ServerFrame): frame is Extract<ServerFrame, { type: "ack" }> =>
    frame.type === "ack" && frame.clientMsgId === clientMsgId;
