import fs from "node:fs/promises";
import path from "node:path";
import { type S3Server, s3Server } from "./s3-server.js";
import { createTestApp, type TestApp } from "./test-app.js";

/** Every picture suite runs once per store: the folder on disk, and a bucket of a real S3 server. */
export const PICTURE_STORES = ["disk", "s3"] as const;
export type PictureStoreKind = (typeof PICTURE_STORES)[number];

export interface LoadedPicture {
  status: number;
  cacheControl: string | null;
  bytes: Buffer;
}

/** A test app with its pictures in one store, and what a test sees of that store from outside. */
export interface PictureTestApp extends TestApp {
  kind: PictureStoreKind;
  /** The bucket's server, to stop and start; null on disk. */
  s3: S3Server | null;
  /** Where the API's picture addresses start: the server's /files/, or the bucket's public address. */
  servedFrom: string;
  /**
   * Every file the pictures left: the store's and the work folder's (temporary files of uploads),
   * sorted; on disk they are one folder.
   */
  leftFiles(): Promise<string[]>;
  /** Dates a stored file's last write back by `ageMs`. */
  age(name: string, ageMs: number): Promise<void>;
  /** A file in the store as a crash leaves it, last written `ageMs` ago. */
  leaveStored(name: string, ageMs: number): Promise<string>;
  /** A temporary file of an upload cut off, in the work folder, last written `ageMs` ago. */
  leaveTemporary(name: string, ageMs: number): Promise<string>;
  /** Loads a picture address as the browser would: from the server, or from the store directly. */
  load(url: string): Promise<LoadedPicture>;
}

async function leaveFile(folder: string, name: string, ageMs: number): Promise<string> {
  await fs.mkdir(folder, { recursive: true });
  const file = path.join(folder, name);
  await fs.writeFile(file, "partial upload");
  const writtenAt = new Date(Date.now() - ageMs);
  await fs.utimes(file, writtenAt, writtenAt);
  return name;
}

async function fetchPicture(url: string): Promise<LoadedPicture> {
  const response = await fetch(url);
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

export async function createPictureTestApp(
  kind: PictureStoreKind,
  env: Record<string, string> = {},
): Promise<PictureTestApp> {
  const s3 = kind === "s3" ? await s3Server() : null;
  // The start-up purge runs on while a test leaves files: it must not take the ones left hours "ago".
  const t = await createTestApp({ UPLOAD_GRACE_SECONDS: "604800", ...s3?.env, ...env });
  const workFolder = path.join(t.dataDir, "uploads");
  const workFiles = async () => (await fs.readdir(workFolder).catch(() => [])).sort();
  return {
    ...t,
    kind,
    s3,
    servedFrom: s3 ? `${s3.publicUrl}/` : "/files/",
    async leftFiles() {
      return [...(s3 ? await s3.keys() : []), ...(await workFiles())].sort();
    },
    async age(name, ageMs) {
      if (s3) return s3.age(name, ageMs);
      const writtenAt = new Date(Date.now() - ageMs);
      await fs.utimes(path.join(workFolder, name), writtenAt, writtenAt);
    },
    async leaveStored(name, ageMs) {
      if (!s3) return leaveFile(workFolder, name, ageMs);
      await s3.put(name, "partial upload");
      await s3.age(name, ageMs);
      return name;
    },
    leaveTemporary: (name, ageMs) => leaveFile(workFolder, name, ageMs),
    async load(url) {
      if (!url.startsWith("/")) return fetchPicture(url);
      const response = await t.app.inject({ method: "GET", url });
      // The browser follows /files/ to the bucket.
      if (response.statusCode === 302) return fetchPicture(String(response.headers.location));
      const cacheControl = response.headers["cache-control"];
      return {
        status: response.statusCode,
        cacheControl: cacheControl === undefined ? null : String(cacheControl),
        bytes: response.rawPayload,
      };
    },
    async close() {
      await t.close();
      await s3?.close();
    },
  };
}
