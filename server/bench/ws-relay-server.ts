/**
 * Child process of the chat benchmark: the ceiling. A bare `ws` server that knows each token's
 * user and each chat's members from its parent, and answers a `send` frame as the product does,
 * a `pong` to a `ping`, an `ack` to the sender and the `message` frame to every socket of both members, without storing
 * anything, checking anything or limiting anything.
 */
import type { AddressInfo } from "node:net";
import type { ServerFrame } from "@xianzhi/contract";
import { type WebSocket, WebSocketServer } from "ws";
import type { ReadyMessage, RelaySetup } from "./bench-servers.js";

interface SendFrame {
  type: "send";
  chatId: string;
  msgType: "text";
  content: string;
  clientMsgId: string;
}

process.once("message", (setup: RelaySetup) => {
  const userOfToken = new Map(Object.entries(setup.tokens));
  const membersOf = new Map(Object.entries(setup.chats));
  const socketsOf = new Map<number, Set<WebSocket>>();
  let nextId = 1;
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0, path: "/api/ws" });
  server.on("connection", (socket, req) => {
    const userId = userOfToken.get(new URL(req.url ?? "", "http://relay").searchParams.get("token") ?? "");
    if (userId === undefined) return socket.close(4401, "unauthorized");
    const own = socketsOf.get(userId) ?? new Set();
    own.add(socket);
    socketsOf.set(userId, own);
    socket.on("close", () => own.delete(socket));
    socket.on("message", (data: Buffer) => {
      const frame = JSON.parse(data.toString("utf8")) as SendFrame | { type: "ping" };
      if (frame.type === "ping") return socket.send(JSON.stringify({ type: "pong" } satisfies ServerFrame));
      const members = membersOf.get(frame.chatId) ?? [];
      const message = {
        id: String(nextId++),
        chatId: frame.chatId,
        senderId: String(userId),
        type: frame.msgType,
        content: frame.content,
        createdAt: new Date().toISOString(),
      };
      socket.send(JSON.stringify({ type: "ack", clientMsgId: frame.clientMsgId, message } satisfies ServerFrame));
      const text = JSON.stringify({ type: "message", message } satisfies ServerFrame);
      for (const member of members) for (const each of socketsOf.get(member) ?? []) each.send(text);
    });
  });
  server.on("listening", () => {
    const { port } = server.address() as AddressInfo;
    process.send?.({ url: `http://127.0.0.1:${port}` } satisfies ReadyMessage);
  });
});
