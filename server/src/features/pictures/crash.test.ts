import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createServerData,
  killHard,
  type ServerData,
  type ServerProcess,
  signedInUser,
  startServer,
  waitUntil,
} from "../../test-support/server-process.js";
import { storedNameOf } from "./picture-files.js";

const KILLS = 3;
const USERS = 6;
/** Uploads acknowledged in each round before the kill: the kill lands while others are mid-way. */
const ACKS_PER_ROUND = 6;

let data: ServerData;
let server: ServerProcess | undefined;
let tokens: string[];
let photo: Buffer;
let bigPhoto: Buffer;

/** A noisy photo: it compresses badly and takes the server a while to re-encode. */
const noisyJpeg = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: "#777", noise: { type: "gaussian", mean: 128, sigma: 50 } },
  })
    .jpeg()
    .toBuffer();

async function uploadOnce(to: ServerProcess, token: string): Promise<string | null> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "photo.jpg");
  try {
    const response = await fetch(`${to.url}/api/com/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const reply = (await response.json()) as { code: number; data: { fileId: string } };
    return response.status === 200 && reply.code === 200 ? reply.data.fileId : null;
  } catch {
    return null;
  }
}

/** An upload whose client sent half the file and went silent: its stream is still open at the kill. */
function stalledUpload(to: ServerProcess, token: string): http.ClientRequest {
  const boundary = `----crash${randomBytes(8).toString("hex")}`;
  const request = http.request(`${to.url}/api/com/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  request.on("error", () => {});
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  request.write(bigPhoto.subarray(0, bigPhoto.length / 2));
  return request;
}

/** What a crash can leave in the pictures folder: temporary files, and picture files without a row. */
async function leftovers(): Promise<{ temporaries: number; withoutRow: number }> {
  const names = await fs.readdir(path.join(data.dataDir, "uploads")).catch(() => []);
  const rows = new Set((await data.db.selectFrom("pictures").select("fileId").execute()).map((row) => row.fileId));
  const stored = names.map(storedNameOf);
  return {
    temporaries: stored.filter((name) => name?.kind === "temporary").length,
    withoutRow: stored.filter((name) => name?.kind === "picture" && !rows.has(name.fileId)).length,
  };
}

const served = async (to: ServerProcess, fileId: string) => {
  const responses = await Promise.all(
    [`${fileId}.webp`, `${fileId}-thumb.webp`].map((name) => fetch(`${to.url}/files/${name}`)),
  );
  return responses.every((response) => response.status === 200);
};

/** Parallel uploads, some left half-sent, until enough are acknowledged; then kill -9 mid-way. */
async function uploadAndKill(to: ServerProcess): Promise<string[]> {
  const stalled = tokens.map((token) => stalledUpload(to, token));
  const acked: string[] = [];
  let killed = false;
  const workers = tokens.map(async (token) => {
    for (let attempt = 0; attempt < 50 && !killed; attempt += 1) {
      const fileId = await uploadOnce(to, token);
      if (fileId) acked.push(fileId);
    }
  });
  try {
    await waitUntil(async () => (await leftovers()).temporaries >= stalled.length, 30_000);
    await waitUntil(async () => acked.length >= ACKS_PER_ROUND, 60_000);
  } finally {
    await killHard(to);
    killed = true;
    for (const request of stalled) request.destroy();
    await Promise.all(workers);
  }
  return acked;
}

beforeAll(async () => {
  data = await createServerData();
  tokens = await Promise.all(
    Array.from({ length: USERS }, async (_, i) => (await signedInUser(data.db, `crash_uploader_${i}`)).token),
  );
  [photo, bigPhoto] = await Promise.all([noisyJpeg(1000, 750), noisyJpeg(3000, 2000)]);
}, 60_000);

afterAll(async () => {
  if (server) await killHard(server);
  await data?.remove();
});

describe("kill -9 in the middle of parallel uploads", () => {
  it("leaves, after the restart's purge, no temporary file and no picture without a row; every acknowledged upload stays", async () => {
    const env = { ...data.env, UPLOAD_GRACE_SECONDS: "0" };
    const acked: string[] = [];
    const foundAfterKills = { temporaries: 0, withoutRow: 0 };
    for (let kill = 0; kill < KILLS; kill += 1) {
      server = await startServer(env);
      acked.push(...(await uploadAndKill(server)));
      server = undefined;
      const left = await leftovers();
      foundAfterKills.temporaries += left.temporaries;
      foundAfterKills.withoutRow += left.withoutRow;
    }
    server = await startServer(env);
    const restarted = server;
    await waitUntil(async () => {
      const left = await leftovers();
      return left.temporaries + left.withoutRow === 0;
    }, 30_000).catch(() => {});

    const stillServed = (await Promise.all(acked.map((fileId) => served(restarted, fileId)))).filter(Boolean);
    const rows = await data.db.selectFrom("pictures").select("fileId").execute();
    const rowsWithFiles = (await Promise.all(rows.map((row) => served(restarted, row.fileId)))).filter(Boolean);
    console.info(
      `upload crash test (${process.env.TEST_DB}): ${KILLS} kills, ${acked.length} uploads acknowledged, ` +
        `${stillServed.length} served after restart; left by the kills: ${foundAfterKills.temporaries} temporary ` +
        `files, ${foundAfterKills.withoutRow} picture files without a row; after the purge: ${JSON.stringify(await leftovers())}`,
    );
    // The kills did leave files behind (the half-sent uploads at least), and the purge took them all.
    expect(foundAfterKills.temporaries).toBeGreaterThanOrEqual(KILLS * USERS);
    expect(await leftovers()).toEqual({ temporaries: 0, withoutRow: 0 });
    expect(acked.length).toBeGreaterThanOrEqual(KILLS * ACKS_PER_ROUND);
    expect(stillServed.length).toBe(acked.length);
    expect(rowsWithFiles.length).toBe(rows.length);
  }, 240_000);
});
