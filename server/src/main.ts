import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, "shutting down");
      void app.close().then(() => process.exit(0));
    });
  }
  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? "PostgreSQL" : `SQLite ${config.dataDir}`;
  app.log.info({ address }, `闲置 Xianzhi is ready at ${address} (data: ${where})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("Xianzhi failed to start:", error);
  }
  process.exit(1);
});
