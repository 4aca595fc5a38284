/**
 * The two servers a benchmark compares, each in a process of its own so that neither shares an
 * event loop with the load generator: the product, and a raw Node `http` server that sends the
 * product's answers back as fixed bytes, the ceiling any Node server on this machine can reach.
 */
import { type ChildProcess, fork, type Serializable } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/** One recorded answer: what the raw server sends for a path, byte for byte. */
export interface FixedReply {
  contentType: string;
  /** The body in base64: replies travel to the raw server as JSON. */
  body: string;
}

/** What a server process tells its parent once it listens. */
export interface ReadyMessage {
  url: string;
}

export interface BenchServer {
  url: string;
  /** The process id, to read the CPU time it spent (Linux: /proc/<pid>/stat). */
  pid: number;
  stop(): Promise<void>;
}

/** What the parent asks the product process: its event-loop delay since the last reset. */
export interface ProbeMessage {
  probe: "eventLoopDelay";
  /** Start counting afresh after answering. */
  reset?: boolean;
}

/** The product's event-loop delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution). */
export interface EventLoopDelay {
  maxMs: number;
  p99Ms: number;
  meanMs: number;
}

/** A server that also tells its event-loop delay. */
export interface ProbedServer extends BenchServer {
  eventLoopDelay(options?: { reset?: boolean }): Promise<EventLoopDelay>;
}

/**
 * The product as `npm start` runs it (from source), configured by `env` alone. With
 * BENCH_CPU_PROFILE set to a folder, each product process writes its CPU profile there on exit;
 * BENCH_NODE_FLAGS adds Node flags of its own (e.g. `--import /tmp/probe.mjs`, a module that times
 * statements or event-loop stalls inside the product).
 */
export function startProductServer(env: Record<string, string>): Promise<ProbedServer> {
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const flags = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  return startProbedChild("product-server.ts", env, undefined, [
    ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
    ...flags,
  ]);
}

/** Who the chat relay's tokens belong to, and each chat's two members (keys: token, chat id). */
export interface RelaySetup {
  tokens: Record<string, number>;
  chats: Record<string, [number, number]>;
}

/** A bare `ws` server relaying chat frames between the members of each chat: the chat ceiling. */
export async function startWsRelayServer(setup: RelaySetup): Promise<BenchServer> {
  return (await startChildProcess("ws-relay-server.ts", {}, setup as unknown as Serializable)).server;
}

async function startProbedChild(
  script: string,
  env: Record<string, string>,
  message?: Serializable,
  nodeFlags: string[] = [],
) {
  const { server, child } = await startChildProcess(script, env, message, nodeFlags);
  return {
    ...server,
    eventLoopDelay: (options: { reset?: boolean } = {}) => askEventLoopDelay(child, options.reset ?? false),
  };
}

function askEventLoopDelay(child: ChildProcess, reset: boolean): Promise<EventLoopDelay> {
  return new Promise((resolve) => {
    const answer = (message: { probe?: string; figures?: EventLoopDelay }) => {
      if (message.probe !== "eventLoopDelay" || !message.figures) return;
      child.off("message", answer);
      resolve(message.figures);
    };
    child.on("message", answer);
    child.send({ probe: "eventLoopDelay", reset } satisfies ProbeMessage);
  });
}

/** A raw Node server answering each path of `replies` (path and query, as requested) with its bytes. */
export function startRawServer(replies: Record<string, FixedReply>): Promise<ProbedServer> {
  return startProbedChild("raw-server.ts", {}, replies);
}

function startChildProcess(
  script: string,
  env: Record<string, string>,
  message?: Serializable,
  nodeFlags: string[] = [],
): Promise<{ server: BenchServer; child: ChildProcess }> {
  const child = fork(path.join(benchDir, script), {
    cwd: path.resolve(benchDir, ".."),
    execArgv: ["--import", "tsx", "--conditions=source", ...nodeFlags],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  if (message !== undefined) child.send(message);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 120 s`)), 120_000);
    child.once("message", (ready: ReadyMessage) => {
      clearTimeout(timer);
      resolve({ server: { url: ready.url, pid: child.pid as number, stop: () => stop(child, exited) }, child });
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before it listened`)));
  });
}

async function stop(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null) child.kill("SIGTERM");
  await exited;
}
