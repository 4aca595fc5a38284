import fs from "node:fs/promises";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SqliteDatabase from "better-sqlite3";
import type { PoolLog } from "./postgres-pool.js";

/** How often the WAL is looked at, and checkpointed once the checkpointer runs. */
const CHECK_EVERY_MS = 1000;
/** SQLite's own auto-checkpoint mark, in pages: the checkpointer starts when the WAL reaches it. */
const AUTO_CHECKPOINT_PAGES = 1000;

/**
 * The checkpointer's thread, in plain JavaScript (CommonJS) so that it runs the same from source,
 * under tests and from the build: a connection of its own that copies the WAL back into the
 * database file whenever asked. PASSIVE never waits for the server's connection, and it for it.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
parentPort.on("message", () => {
  db.pragma("wal_checkpoint(PASSIVE)");
  parentPort.postMessage("done");
});
`;

const driverPath = createRequire(import.meta.url).resolve("better-sqlite3");

/**
 * Moves WAL checkpoints off the event loop. By itself SQLite checkpoints inside the commit that
 * takes the WAL past 1,000 pages: on the server's one connection that is some request's commit,
 * and every other request waits for the copy and its fsync (40–100 ms under the mixed benchmark).
 * Here the connection's auto-checkpoint is off and a worker thread checkpoints every second
 * instead, as better-sqlite3's documentation advises. The worker starts once the WAL has reached
 * the size SQLite would have checkpointed at, so the small databases of tests never start one.
 * Should the worker fail, the connection checkpoints by itself again.
 *
 * Returns the function that stops the checkpointer.
 */
export function checkpointInBackground(sqlite: SqliteDatabase.Database, file: string, log: PoolLog): () => void {
  sqlite.pragma(`wal_autocheckpoint = 0`);
  const startAtBytes = AUTO_CHECKPOINT_PAGES * (sqlite.pragma("page_size", { simple: true }) as number);
  let worker: Worker | null = null;
  let busy = false;
  let stopped = false;

  const fallBack = (error: unknown) => {
    log.warn({ err: error }, "the SQLite checkpoint thread failed: the connection checkpoints by itself again");
    stop();
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  };
  const startWorker = () => {
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver: driverPath, file } });
    started.unref();
    started.on("message", () => {
      busy = false;
    });
    started.on("error", fallBack);
    started.on("exit", (code) => {
      if (!stopped) fallBack(new Error(`exited with ${code}`));
    });
    return started;
  };
  const tick = async () => {
    if (busy || stopped) return;
    if (!worker) {
      const size = await fs.stat(`${file}-wal`).then(
        (stat) => stat.size,
        () => 0,
      );
      if (size < startAtBytes || stopped) return;
      worker = startWorker();
    }
    busy = true;
    worker.postMessage("checkpoint");
  };
  const timer = setInterval(() => void tick(), CHECK_EVERY_MS);
  timer.unref();

  function stop() {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    void worker?.terminate();
  }
  return stop;
}
