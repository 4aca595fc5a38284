import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../../db/database.js";
import { migrateToLatest } from "../../db/migrate.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import { randomToken, sha256 } from "../../lib/secrets.js";
import { isMessageWith, isType, openSocket } from "../../test-support/sockets.js";
import { createTestDatabase } from "../../test-support/test-app.js";
import { insertSession } from "../accounts/session-repository.js";
import { insertUser } from "../accounts/user-repository.js";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

interface ServerProcess {
  http: string;
  ws: string;
  child: ChildProcess;
}

/** A real server process, as `npm start` runs one, on the given database and Redis. */
function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(path.join(serverDir, "../node_modules/.bin/tsx"), ["--conditions=source", "src/main.ts"], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", DEMO_DATA: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk;
      const address = /"address":"(http:\/\/[^"]+)"/.exec(output)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve({ http: address, ws: address.replace("http", "ws"), child });
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

async function signedInUser(db: Db, name: string) {
  const user = await insertUser(db, { username: name, email: `${name}@example.com`, passwordHash: "x", now: nowIso() });
  const token = randomToken();
  await insertSession(db, {
    userId: user.id,
    tokenHash: sha256(token),
    now: nowIso(),
    expiresAt: isoAfterSeconds(3600),
  });
  return { id: String(user.id), token };
}

async function api(server: ServerProcess, method: string, url: string, token: string, body?: unknown) {
  const response = await fetch(`${server.http}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.json() as Promise<{ code: number; data: { chatId: string } }>;
}

let db: Db;
let dataDir: string;
let dropDatabase: () => Promise<void>;
let serverA: ServerProcess;
let serverB: ServerProcess;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-cluster-"));
  const database = await createTestDatabase(dataDir);
  dropDatabase = database.drop;
  db = openDatabase(database.target);
  await migrateToLatest(db);
  const url = new URL(database.target.postgresUrl as string);
  url.searchParams.set("options", `-c search_path=${database.target.postgresSchema},public`);
  const env = {
    DATABASE_URL: url.toString(),
    REDIS_URL: process.env.TEST_REDIS_URL as string,
    REDIS_CHANNEL: `xianzhi:test:${randomBytes(4).toString("hex")}`,
    DATA_DIR: dataDir,
  };
  [serverA, serverB] = await Promise.all([startServer(env), startServer(env)]);
}, 60_000);

afterAll(async () => {
  for (const server of [serverA, serverB]) server?.child.kill("SIGTERM");
  await db?.destroy();
  await dropDatabase?.();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("chat across two server processes (one PostgreSQL, one Redis)", () => {
  it("delivers a message sent on process A to the peer's sockets on process B, and read marks back", async () => {
    const alice = await signedInUser(db, "cluster_alice");
    const bob = await signedInUser(db, "cluster_bob");
    const chat = await api(serverA, "POST", "/api/mychatlist/create", alice.token, { peerId: bob.id });
    expect(chat.code).toBe(200);

    const aliceOnA = await openSocket(serverA.ws, alice.token);
    const bobOnB = await openSocket(serverB.ws, bob.token);
    const bobOnA = await openSocket(serverA.ws, bob.token);

    aliceOnA.send({
      type: "send",
      chatId: chat.data.chatId,
      msgType: "text",
      content: "跨进程你好",
      clientMsgId: "x1",
    });
    const ack = await aliceOnA.next(isType("ack"));
    const onB = await bobOnB.next(isType("message"));
    expect(onB.message).toEqual(ack.message);
    expect((await bobOnA.next(isType("message"))).message.id).toBe(ack.message.id);

    bobOnB.send({ type: "send", chatId: chat.data.chatId, msgType: "text", content: "收到", clientMsgId: "y1" });
    const reply = await aliceOnA.next(isMessageWith("收到"));
    expect(reply.message.senderId).toBe(bob.id);

    expect(await api(serverB, "PUT", "/api/mychatlist/setread", bob.token, { chatId: chat.data.chatId })).toMatchObject(
      { code: 200 },
    );
    expect(await aliceOnA.next(isType("read"))).toEqual({
      type: "read",
      chatId: chat.data.chatId,
      userId: bob.id,
      readUpTo: reply.message.id,
    });
    await Promise.all([aliceOnA.close(), bobOnB.close(), bobOnA.close()]);
  });
});
