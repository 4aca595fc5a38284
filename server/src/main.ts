import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig, repoRoot } from "./config.js";
import { readEnvironment } from "./env-files.js";

async function main(): Promise<void> {
  const { values, sources } = readEnvironment(repoRoot);
  const config = loadConfig(values, sources);
  const app = await buildApp(config);
  closeOnSignals(app, config.shutdownTimeoutMs);
  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? "PostgreSQL" : `SQLite ${config.dataDir}`;
  app.log.info({ address }, `闲置 Xianzhi is ready at ${address} (data: ${where})`);
}

/**
 * SIGTERM or SIGINT: stop accepting connections, let the requests in flight finish, then exit 0.
 * A request that hangs past the timeout does not keep the process (and a deploy) waiting: exit 1.
 */
function closeOnSignals(app: FastifyInstance, timeoutMs: number): void {
  let stopping = false;
  const shutDown = (signal: NodeJS.Signals) => {
    // Ctrl-C under npm run start:cluster reaches a worker twice: from the terminal and from the primary.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing the requests in flight");
    setTimeout(() => {
      app.log.error({ timeoutMs }, "requests still in flight after the shutdown timeout: exiting anyway");
      process.exit(1);
    }, timeoutMs).unref();
    app.close().then(
      () => {
        app.log.info("shut down");
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, "shutting down failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", shutDown);
  process.once("SIGTERM", shutDown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("Xianzhi failed to start:", error);
  }
  process.exit(1);
});
