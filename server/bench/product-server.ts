/** Child process of the HTTP benchmark: the product, built and configured as in production. */
import type { AddressInfo } from "node:net";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { ReadyMessage } from "./bench-servers.js";
import { answerEventLoopProbes } from "./event-loop-probe.js";

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as AddressInfo;
process.send?.({ url: `http://127.0.0.1:${port}` } satisfies ReadyMessage);

answerEventLoopProbes();

process.once("SIGTERM", () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
