/** Child process of the HTTP benchmark: the product, built and configured as in production. */
import fs from "node:fs/promises";
import { Session } from "node:inspector/promises";
import type { AddressInfo } from "node:net";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { ReadyMessage } from "./bench-servers.js";
import { answerEventLoopProbes } from "./event-loop-probe.js";

/** BENCH_CPU_PROFILE_FILE: a V8 CPU profile of the process's whole life is written there on SIGTERM. */
const profileFile = process.env.BENCH_CPU_PROFILE_FILE;
const profiler = profileFile ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post("Profiler.enable");
  await profiler.post("Profiler.start");
}

async function writeProfile(): Promise<void> {
  if (!profiler || !profileFile) return;
  const { profile } = await profiler.post("Profiler.stop");
  await fs.writeFile(profileFile, JSON.stringify(profile));
}

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as AddressInfo;
process.send?.({ url: `http://127.0.0.1:${port}` } satisfies ReadyMessage);

answerEventLoopProbes();

process.once("SIGTERM", () => {
  app
    .close()
    .then(writeProfile)
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
});
