/**
 * npm run dev: the server from its TypeScript in watch mode (`node --watch`: a change to the server
 * or the contract restarts it; the data stays in its database) behind Vite's dev server, whose hot
 * module replacement shows a change to a screen without a reload. Vite proxies the API, its
 * WebSocket and the pictures to the server: one address to open, DEV_PORT.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { type Config, ConfigError, loadConfig, loadDevConfig, repoRoot } from "../server/src/config.js";
import { readEnvironment } from "../server/src/env-files.js";

/** The settings, checked before anything starts: the server reads the same files itself. */
function readSettings(): { config: Config; devPort: number } {
  const { values, sources } = readEnvironment(repoRoot);
  const config = loadConfig(values, sources);
  if (config.port === 0) throw new ConfigError("npm run dev needs a fixed PORT for its proxy, not 0");
  return { config, devPort: loadDevConfig(values, sources).devPort };
}

function startServer(): ChildProcess {
  return spawn(process.execPath, ["--watch", "--import", "tsx", "--conditions=source", "src/main.ts"], {
    cwd: path.join(repoRoot, "server"),
    stdio: "inherit",
  });
}

/** Where the proxy reaches the server: an address it listens on every interface of is reached on loopback. */
function serverAddress(config: Config): string {
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.port}`;
}

async function startVite(config: Config, devPort: number): Promise<ViteDevServer> {
  const target = serverAddress(config);
  const vite = await createServer({
    root: path.join(repoRoot, "web"),
    configFile: path.join(repoRoot, "web", "vite.config.ts"),
    server: {
      host: config.host,
      port: devPort,
      strictPort: true,
      proxy: { "/api": { target, ws: true }, "/files": { target } },
    },
  });
  await vite.listen();
  return vite;
}

async function main(): Promise<void> {
  const { config, devPort } = readSettings();
  const server = startServer();
  const vite = await startVite(config, devPort);
  const address = vite.resolvedUrls?.local[0] ?? `http://${config.host}:${devPort}/`;
  console.log(`\n  闲置 Xianzhi dev: open ${address} (the server answers behind it on port ${config.port})\n`);
  // Ctrl-C reaches the server too (same process group); a stop of this process alone is passed on.
  // Either way the server's exit ends this process.
  process.once("SIGINT", () => server.kill("SIGINT"));
  process.once("SIGTERM", () => server.kill("SIGTERM"));
  server.once("exit", async (code) => {
    await vite.close();
    process.exit(code ?? 0);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
