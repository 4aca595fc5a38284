import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports.js";

/**
 * A throwaway S3-compatible server (s3rver) of the test's own, on a free port, with its objects in a
 * temporary folder; a fault test may stop it and start it again on the same port and folder.
 */
export interface S3Server {
  endpoint: string;
  bucket: string;
  /** Where the bucket's objects are read from by browsers: path-style, as s3rver serves them. */
  publicUrl: string;
  /** The S3_* variables that point the app at this server. */
  env: Record<string, string>;
  start(): Promise<void>;
  /** Kills it at once, as a crash or a network cut would. */
  stop(): Promise<void>;
  /** Dates an object's last write back by `ageMs`, as a crash long ago would have left it. */
  age(key: string, ageMs: number): Promise<void>;
  /** The bucket's keys, sorted, read from s3rver's folder: what is there, whatever the app says. */
  keys(): Promise<string[]>;
  /** Writes an object as another client would (s3rver takes unsigned requests). */
  put(key: string, body: string): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

/** s3rver keeps each object in its folder as <bucket>/<key>._S3rver_object. */
const OBJECT_SUFFIX = "._S3rver_object";

const s3rverBin = createRequire(import.meta.url).resolve("s3rver/bin/s3rver.js");

function launch(port: number, folder: string, bucket: string): Promise<ChildProcess> {
  // s3rver signs ListObjectsV2 continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider.
  const child = spawn(
    process.execPath,
    [
      "--openssl-legacy-provider",
      s3rverBin,
      "--directory",
      folder,
      "--address",
      "127.0.0.1",
      "--port",
      String(port),
      "--configure-bucket",
      bucket,
      "--silent",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output}`)), 15_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("S3rver listening")) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`s3rver exited with ${code}:\n${output}`)));
  });
}

/**
 * s3rver answers a PUT before its file is flushed: a date set on the file before the last write
 * would be lost. Waits (bounded) until the file holds all its bytes.
 */
async function writtenOut(file: string, size: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const stats = await fs.stat(file).catch(() => null);
    if (stats?.size === size) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`s3rver did not finish writing ${file}`);
}

export async function s3Server(): Promise<S3Server> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-s3-"));
  const port = await freePort();
  const bucket = "pictures";
  const endpoint = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const server: S3Server = {
    endpoint,
    bucket,
    publicUrl: `${endpoint}/${bucket}`,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_PUBLIC_URL: `${endpoint}/${bucket}`,
      S3_FORCE_PATH_STYLE: "true",
    },
    async start() {
      if (!child) child = await launch(port, folder, bucket);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGKILL");
      await exited;
    },
    async age(key, ageMs) {
      const writtenAt = new Date(Date.now() - ageMs);
      await fs.utimes(path.join(folder, bucket, `${key}${OBJECT_SUFFIX}`), writtenAt, writtenAt);
    },
    async keys() {
      const names = await fs.readdir(path.join(folder, bucket)).catch(() => []);
      return names
        .filter((name) => name.endsWith(OBJECT_SUFFIX))
        .map((name) => name.slice(0, -OBJECT_SUFFIX.length))
        .sort();
    },
    async put(key, body) {
      const response = await fetch(`${endpoint}/${bucket}/${key}`, { method: "PUT", body });
      if (!response.ok) throw new Error(`s3rver refused ${key}: ${response.status}`);
      await writtenOut(path.join(folder, bucket, `${key}${OBJECT_SUFFIX}`), Buffer.byteLength(body));
    },
    async close() {
      await server.stop();
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
