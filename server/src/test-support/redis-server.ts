import { type ChildProcess, spawn } from "node:child_process";
import { freePort } from "./ports.js";

/**
 * A throwaway redis-server of the test's own, on a free port, that a fault test may stop and start
 * again (on the same port). Never the shared Redis.
 */
export interface RedisServer {
  url: string;
  port: number;
  start(): Promise<void>;
  /** Kills it at once, as a crash or a network cut would. */
  stop(): Promise<void>;
}

function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk;
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
}

/** `running: false` gives the port and url of a Redis that is not up yet. */
export async function redisServer({ running = true } = {}): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      if (!child) child = await launch(port);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGKILL");
      await exited;
    },
  };
  if (running) await server.start();
  return server;
}
