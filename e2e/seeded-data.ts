/**
 * Vitest's global setup of the browser tests: one server seeds the demo data (its pictures take
 * seconds to draw) and closes; each test file's server starts on a copy of that data folder.
 */
import fsp from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { startServer } from "./server.js";

declare module "vitest" {
  export interface ProvidedContext {
    seededDataDir: string;
  }
}

export default async function seedOnce(project: TestProject) {
  const server = await startServer();
  // Closing the app checkpoints SQLite's log into the database file; the folder stays.
  await server.app.close();
  project.provide("seededDataDir", server.dataDir);
  return () => fsp.rm(server.dataDir, { recursive: true, force: true });
}
