import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { registerUser } from "./test-support/accounts.js";
import { multipart, testJpeg } from "./test-support/goods.js";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = { DEMO_DATA: "false", LOG_LEVEL: "silent", SHUTDOWN_TIMEOUT_MS: "10000" };

/** A real server process as `npm start` runs one; resolves with its port once it listens. */
function startServer(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(path.join(serverDir, "../node_modules/.bin/tsx"), ["--conditions=source", "src/main.ts"], {
    cwd: serverDir,
    env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stdout?.on("data", () => {
      const port = /"address":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ child, port: Number(port), output: () => output });
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Opens a connection and sends the first half of an upload, whose rest is the caller's to send. */
async function startUpload(port: number, token: string) {
  const upload = multipart(await testJpeg(), "photo.jpg", "image/jpeg");
  const socket = net.connect(port, "127.0.0.1");
  const received: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => received.push(chunk));
  const closed = new Promise((resolve) => socket.once("close", resolve));
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(
    `POST /api/com/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: ${upload.headers["content-type"]}\r\nContent-Length: ${upload.body.length}\r\n\r\n`,
  );
  const half = Math.floor(upload.body.length / 2);
  socket.write(upload.body.subarray(0, half));
  // Long enough for the server to have the request in hand.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { socket, rest: upload.body.subarray(half), closed, received: () => Buffer.concat(received) };
}

/** Splits what came back on one connection into its HTTP responses (each with a Content-Length). */
interface RawResponse {
  status: number;
  headers: string;
  body: unknown;
}

function parseResponses(raw: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const headEnd = rest.indexOf("\r\n\r\n");
    const head = rest.subarray(0, headEnd).toString();
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
    const body = rest.subarray(headEnd + 4, headEnd + 4 + length).toString();
    responses.push({ status: Number(head.split(" ")[1]), headers: head.toLowerCase(), body: JSON.parse(body) });
    rest = rest.subarray(headEnd + 4 + length);
  }
  return responses;
}

const until = async (check: () => Promise<boolean>, maxMs: number) => {
  const deadline = Date.now() + maxMs;
  while (!(await check()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe("graceful shutdown on SIGTERM", () => {
  let dataDir: string;
  let token: string;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-shutdown-"));
    // A signed-in user in the data the server process will open.
    const app = await buildApp({ ...loadConfig({ ...env, DATA_DIR: dataDir }), webDist: null }, { logger: false });
    token = (await registerUser(app, dataDir)).token;
    await app.close();
    server = await startServer(dataDir);
  }, 60_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill("SIGKILL");
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("finishes the upload in flight, refuses new connections, answers a late request 503 and exits 0", async () => {
    const { child, port } = server as NonNullable<typeof server>;
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const upload = await startUpload(port, token);
    child.kill("SIGTERM");
    await until(async () => !(await connects(port)), 5_000);
    expect(await connects(port)).toBe(false);

    // The rest of the upload, and behind it on the same connection a request that came too late.
    upload.socket.write(upload.rest);
    upload.socket.write("GET /api/goods/getlist HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await upload.closed;
    const responses = parseResponses(upload.received());
    expect(responses.map((response) => response.status)).toEqual([200, 503]);
    const [uploaded, late] = responses as [RawResponse, RawResponse];
    expect(uploaded.body).toMatchObject({ code: 200, data: { fileId: expect.any(String) } });
    expect(late.body).toEqual({ code: 503, msg: "服务暂时不可用，请稍后再试", data: null });
    expect(late.headers).toContain("connection: close");
    expect(await exited).toBe(0);
  }, 30_000);

  it("exits anyway once SHUTDOWN_TIMEOUT_MS has passed with a request still in flight", async () => {
    server = await startServer(dataDir, { SHUTDOWN_TIMEOUT_MS: "1000" });
    const { child, port } = server;
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const upload = await startUpload(port, token);
    const signalledAt = Date.now();
    child.kill("SIGTERM");
    expect(await exited).toBe(1);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    expect(server.output()).toContain("still in flight after the shutdown timeout");
    upload.socket.destroy();
  }, 60_000);
});
