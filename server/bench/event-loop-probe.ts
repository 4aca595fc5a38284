/**
 * How late a bench server's event loop runs, measured inside its process: what every request
 * waiting behind a long synchronous task feels. The parent resets it before a run and reads it after
 * (bench-servers.ts `eventLoopDelay`).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { EventLoopDelay, ProbeMessage } from "./bench-servers.js";

export function answerEventLoopProbes(): void {
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
}
