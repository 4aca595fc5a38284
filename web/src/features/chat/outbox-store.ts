import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { OutboxStore, QueuedMessage } from "./outbox";

/** One message of one user, as IndexedDB keeps it: keyed by the user and the message's clientMsgId. */
interface StoredMessage extends QueuedMessage {
  userId: string;
  clientMsgId: string;
}

/** Whose a session is: a hash of its token (never the token itself) and the user's id. */
interface SessionOwner {
  tokenHash: string;
  userId: string;
}

interface OutboxDb extends DBSchema {
  messages: { key: [string, string]; value: StoredMessage };
  owners: { key: string; value: SessionOwner; indexes: { userId: string } };
}

/** The database of the chat outbox (the service worker's caches are elsewhere). */
export const OUTBOX_DB = "xianzhi-chat-outbox";

const databases = new Map<string, Promise<IDBPDatabase<OutboxDb>>>();

function database(name: string): Promise<IDBPDatabase<OutboxDb>> {
  let opening = databases.get(name);
  if (!opening) {
    opening = openDB<OutboxDb>(name, 1, {
      upgrade(db) {
        db.createObjectStore("messages", { keyPath: ["userId", "clientMsgId"] });
        db.createObjectStore("owners", { keyPath: "tokenHash" }).createIndex("userId", "userId");
      },
      // Closed by the browser (storage cleared) or for a newer version in another tab: opened again when next needed.
      terminated: () => databases.delete(name),
      blocking(_current, _blocked, event) {
        databases.delete(name);
        (event.target as IDBDatabase).close();
      },
    });
    opening.catch(() => databases.delete(name));
    databases.set(name, opening);
  }
  return opening;
}

/** Every key of `userId`'s messages: [userId] sorts before them, [userId, []] after (arrays after strings). */
const keysOf = (userId: string) => IDBKeyRange.bound([userId], [userId, []]);

/**
 * The outbox of `userId` in IndexedDB: what it holds survives a reload and is shared by the user's
 * tabs; another account on the same browser neither reads nor sends it (each user's messages are
 * under their own id), and signing out clears it.
 */
export function openOutboxStore(userId: string, name = OUTBOX_DB): OutboxStore {
  return {
    async load() {
      const stored = await (await database(name)).getAll("messages", keysOf(userId));
      return stored.map(({ frame, queuedAt, failed }) => (failed ? { frame, queuedAt, failed } : { frame, queuedAt }));
    },
    async put(message) {
      await (await database(name)).put("messages", { ...message, userId, clientMsgId: message.frame.clientMsgId });
    },
    async remove(clientMsgId) {
      await (await database(name)).delete("messages", [userId, clientMsgId]);
    },
    async clear() {
      const db = await database(name);
      const tx = db.transaction(["messages", "owners"], "readwrite");
      const owners = tx.objectStore("owners");
      await Promise.all([
        tx.objectStore("messages").delete(keysOf(userId)),
        owners
          .index("userId")
          .getAllKeys(userId)
          .then((keys) => Promise.all(keys.map((key) => owners.delete(key)))),
        tx.done,
      ]);
    },
  };
}

/** A hash of the session's token, or undefined where the browser has no SubtleCrypto (an insecure context). */
async function hashOf(token: string): Promise<string | undefined> {
  if (typeof crypto === "undefined" || !crypto.subtle) return undefined;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Notes that the session of `token` is `userId`'s, so that a page reloaded offline (its user not
 * readable from the server) still finds their outbox. Signing out (the store's clear) forgets it.
 */
export async function rememberOwner(token: string, userId: string, name = OUTBOX_DB): Promise<void> {
  const tokenHash = await hashOf(token);
  if (tokenHash) await (await database(name)).put("owners", { tokenHash, userId });
}

/** Whose the session of `token` is, if this browser noted it (rememberOwner). */
export async function ownerOf(token: string, name = OUTBOX_DB): Promise<string | undefined> {
  const tokenHash = await hashOf(token);
  if (!tokenHash) return undefined;
  return (await (await database(name)).get("owners", tokenHash))?.userId;
}
