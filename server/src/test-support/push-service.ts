import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { freePort } from "./ports.js";

/** A subscription as a browser's PushSubscription.toJSON() gives it, with the test service's name for it. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/**
 * A local push service (web-push-testing) of the test's own, in a child process on a free port: it
 * makes subscriptions as a browser's push service would, checks each push's VAPID token, decrypts
 * its payload and keeps it, and answers 410 for a subscription it was told to expire.
 */
export interface TestPushService {
  /** Its origin, for PUSH_SERVICES. */
  origin: string;
  subscribe(applicationServerKey: string): Promise<TestSubscription>;
  /** The payloads received for the subscription, oldest first, decrypted. */
  received(subscription: TestSubscription): Promise<string[]>;
  /** From now on it answers pushes for the subscription with 410 Gone. */
  expire(subscription: TestSubscription): Promise<void>;
  stop(): Promise<void>;
}

const serverScript = createRequire(import.meta.url).resolve("web-push-testing/src/bin/server.js");

function launch(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [serverScript, String(port)], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`web-push-testing did not start:\n${output}`)), 10_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("Server running on port")) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`web-push-testing exited with ${code}:\n${output}`)));
  });
}

export async function startPushService(): Promise<TestPushService> {
  const port = await freePort();
  const child = await launch(port);
  const origin = `http://localhost:${port}`;
  const post = async (path: string, body?: unknown) => {
    const response = await fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`web-push-testing ${path}: ${response.status} ${text}`);
    // sendStatus answers plain "OK".
    return response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null;
  };
  return {
    origin,
    async subscribe(applicationServerKey) {
      return (await post("/subscribe", { userVisibleOnly: "true", applicationServerKey })).data;
    },
    async received(subscription) {
      return (await post("/get-notifications", { clientHash: subscription.clientHash })).data.messages;
    },
    async expire(subscription) {
      await post(`/expire-subscription/${subscription.clientHash}`);
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
