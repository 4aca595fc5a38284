/**
 * The chat benchmark's clients, the same code for the product and the raw relay: one socket per
 * user, both members of a pair sending text messages at a steady rate, each message timed from
 * its send to the moment the peer's socket receives it.
 */
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { ServerFrame } from "@xianzhi/contract";
import WebSocket from "ws";
import type { BenchPair, BenchUser } from "./chat-data.js";

/** Sockets opened at once: a thousand upgrades in one go would only measure the accept queue. */
const OPEN_CONCURRENCY = 50;

export interface LoadSettings {
  /** Messages each socket sends a second. */
  rate: number;
  warmupSeconds: number;
  seconds: number;
  /** Called as the measured window opens and closes (e.g. to read the servers' CPU time). */
  onWindow?: (edge: "start" | "end") => void;
}

export interface LoadFigures {
  p50: number;
  p99: number;
  /**
   * Messages sent in the measured window, and how many of them had not reached the peer 5 s after
   * it closed (late or lost): left out of the percentiles, which they would only raise.
   */
  sent: number;
  unreceived: number;
  /** Error frames (refused or failed messages); a run with any is not comparable. */
  errors: number;
  /** The load generator's own event-loop delay p99, ms: high, and it measures itself. */
  clientLoopP99: number;
  /** CPU time the servers spent a message in the measured window, ms (0 where it cannot be read). */
  cpuPerMessage: number;
}

interface Client {
  user: BenchUser;
  peer: BenchUser;
  chatId: number;
  socket: WebSocket;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
}

function openClient(base: string, user: BenchUser, peer: BenchUser, chatId: number): Promise<Client> {
  const socket = new WebSocket(`${base}/api/ws?token=${encodeURIComponent(user.token)}`);
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    // A ping answered means the server has signed the socket in.
    socket.once("open", () => socket.send(JSON.stringify({ type: "ping" })));
    socket.on("message", function signedIn(data) {
      const frame = JSON.parse(String(data)) as ServerFrame;
      if (frame.type !== "pong") return reject(new Error(`socket of user ${user.id} got ${String(data)}`));
      socket.off("message", signedIn);
      resolve({ user, peer, chatId, socket });
    });
    socket.once("close", (code) => reject(new Error(`socket of user ${user.id} closed with ${code}`)));
  });
}

/** Both sockets of every pair, `a` on the first address and `b` on the second (another process or the same). */
async function openClients(bases: [string, string], pairs: BenchPair[]): Promise<Client[]> {
  const wanted = pairs.flatMap((pair) => [
    () => openClient(bases[0], pair.a, pair.b, pair.chatId),
    () => openClient(bases[1], pair.b, pair.a, pair.chatId),
  ]);
  const clients: Client[] = [];
  for (let start = 0; start < wanted.length; start += OPEN_CONCURRENCY) {
    clients.push(...(await Promise.all(wanted.slice(start, start + OPEN_CONCURRENCY).map((open) => open()))));
  }
  return clients;
}

async function closeClients(clients: Client[]): Promise<void> {
  await Promise.all(
    clients.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once("close", () => resolve());
          socket.close();
        }),
    ),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens the sockets, lets every one send `rate` messages a second (each at its own phase) through
 * a warm-up and the measured window, waits for the stragglers, and closes them.
 */
export async function runPairs(
  bases: [string, string],
  pairs: BenchPair[],
  settings: LoadSettings,
): Promise<LoadFigures> {
  const clients = await openClients(bases, pairs);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let errors = 0;
  let measureFrom = Number.POSITIVE_INFINITY;
  let measureTo = Number.POSITIVE_INFINITY;
  let sent = 0;
  for (const client of clients) {
    const own = String(client.user.id);
    client.socket.on("message", (data) => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      if (frame.type === "error") errors += 1;
      if (frame.type !== "message" || frame.message.senderId === own) return;
      const at = sentAt.get(frame.message.content);
      if (at === undefined) return;
      sentAt.delete(frame.message.content);
      if (at >= measureFrom && at < measureTo) latencies.push(performance.now() - at);
    });
  }
  const intervalMs = 1000 / settings.rate;
  const timers: NodeJS.Timeout[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  for (const [index, client] of clients.entries()) {
    let seq = 0;
    const send = () => {
      const content = `${index}:${seq++}`;
      const now = performance.now();
      if (now >= measureFrom && now < measureTo) sent += 1;
      sentAt.set(content, now);
      client.socket.send(
        JSON.stringify({ type: "send", chatId: String(client.chatId), msgType: "text", content, clientMsgId: content }),
      );
    };
    timers.push(
      setTimeout(() => {
        send();
        timers.push(setInterval(send, intervalMs));
      }, Math.random() * intervalMs),
    );
  }
  await sleep(settings.warmupSeconds * 1000);
  loop.enable();
  settings.onWindow?.("start");
  measureFrom = performance.now();
  measureTo = measureFrom + settings.seconds * 1000;
  await sleep(settings.seconds * 1000);
  settings.onWindow?.("end");
  for (const timer of timers) clearTimeout(timer);
  loop.disable();
  // Stragglers: up to 5 s for the messages of the window still on their way.
  const pending = () => [...sentAt.values()].filter((at) => at >= measureFrom && at < measureTo).length;
  for (let waited = 0; waited < 5000 && pending() > 0; waited += 100) await sleep(100);
  const unreceived = pending();
  await closeClients(clients);
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    sent,
    unreceived,
    errors,
    clientLoopP99: loop.percentile(99) / 1e6,
    cpuPerMessage: 0,
  };
}
