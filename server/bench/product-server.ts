/** Child process of the HTTP benchmark: the product, built and configured as in production. */
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { EventLoopDelay, ProbeMessage, ReadyMessage } from "./bench-servers.js";

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as AddressInfo;
process.send?.({ url: `http://127.0.0.1:${port}` } satisfies ReadyMessage);

// How late the event loop runs, measured in this process: what every request waiting behind a
// long synchronous task feels. The parent resets it before a run and reads it after.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
process.on("message", (message: ProbeMessage) => {
  if (message.probe !== "eventLoopDelay") return;
  const figures: EventLoopDelay = {
    maxMs: loopDelay.max / 1e6,
    p99Ms: loopDelay.percentile(99) / 1e6,
    meanMs: loopDelay.mean / 1e6,
  };
  if (message.reset) loopDelay.reset();
  process.send?.({ probe: "eventLoopDelay", figures });
});

process.once("SIGTERM", () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
