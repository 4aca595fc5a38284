import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import webpush from "web-push";
import type { Config } from "../../config.js";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_FILE = "vapid-keys.json";

/**
 * The VAPID key pair: the configured one, else the one generated into DATA_DIR the first time, so a
 * restart keeps every subscription working (a browser's subscription is bound to the public key).
 * Processes starting together write it once: the first creates the file, the others read it.
 * Null when neither can be had (a read-only DATA_DIR): push is then off, and says so.
 */
export async function loadVapidKeys(
  config: Pick<Config, "dataDir" | "webPush">,
  log: FastifyBaseLogger,
): Promise<VapidKeys | null> {
  if (config.webPush.keys) return config.webPush.keys;
  const file = path.join(config.dataDir, KEY_FILE);
  try {
    return await readKeys(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      log.error({ err: error, file }, "web push: the VAPID key file is unreadable; push is off");
      return null;
    }
  }
  const generated = webpush.generateVAPIDKeys();
  try {
    await fs.mkdir(config.dataDir, { recursive: true });
    await fs.writeFile(file, `${JSON.stringify(generated)}\n`, { flag: "wx", mode: 0o600 });
    log.info({ file }, "web push: VAPID keys generated");
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readKeysWhenWritten(file);
    log.error({ err: error, file }, "web push: VAPID keys could not be saved; push is off");
    return null;
  }
}

async function readKeys(file: string): Promise<VapidKeys> {
  const keys = JSON.parse(await fs.readFile(file, "utf8")) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== "string" || typeof keys.privateKey !== "string") {
    throw new Error(`${file} holds no publicKey and privateKey`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/** Another process created the file a moment ago: it may not have finished writing it. */
async function readKeysWhenWritten(file: string): Promise<VapidKeys> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await readKeys(file);
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
