import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from "fastify";
import { JSON_TYPE } from "./envelope.js";
import { addRouteHook, readsOnly } from "./route-hooks.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route writes nothing the shared answers show (see `KEEPS_SHARED_ANSWERS`). */
    keepsSharedAnswers?: boolean;
  }
}

/**
 * Route options of a write that changes nothing a shared answer (goods, their sellers' names and
 * pictures, their counts) shows: signing in and out, codes, passwords, chats. Their requests leave
 * the cache as it is, so a busy sign-in page does not empty it for everyone.
 */
export const KEEPS_SHARED_ANSWERS = { config: { keepsSharedAnswers: true } } as const;

/** Keys kept at most; past it the oldest goes. A key is a validated query, so this bounds memory. */
const ENTRIES_MAX = 1000;
/** Smaller answers are sent as they are, as @fastify/compress does. */
const COMPRESS_FROM_BYTES = 1024;

type Encoding = "br" | "gzip" | "identity";

/**
 * A short-lived cache of public answers shared by every client: values held for `ttlMs`, and
 * dropped whole when any request that may change data (anything but GET and HEAD, unless refused)
 * finishes in this process. `ttlMs` bounds how late changes made by another process show; 0 keeps nothing. Callers
 * asking for a key while its value is being made wait for that one instead of making their own.
 */
export class TtlCache {
  readonly #entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(readonly ttlMs: number) {}

  /** The value under `key`, made by `make` when missing or expired. A key names what its value is. */
  get<T>(key: string, make: () => Promise<T>): Promise<T> {
    if (this.ttlMs === 0) return make();
    const now = Date.now();
    const entry = this.#entries.get(key);
    if (entry && entry.expires > now) return entry.value as Promise<T>;
    if (entry) this.#entries.delete(key);
    else if (this.#entries.size >= ENTRIES_MAX) this.#entries.delete(this.#entries.keys().next().value as string);
    const value = make();
    this.#entries.set(key, { expires: now + this.ttlMs, value });
    // A failure (404, database away) is not kept: the next request tries again.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }

  /**
   * Dropped after every request that may have changed data, once its answer is sent. A refused
   * request (4xx) changed nothing, so a flood of bad writes cannot keep the cache empty. The hook
   * goes on the routes that write only: reads pay nothing for it.
   */
  clearOnChanges(app: FastifyInstance): void {
    const clearUnlessRefused: onResponseHookHandler = (req, reply, done) => {
      const refused = reply.statusCode >= 400 && reply.statusCode < 500;
      if (req.method !== "GET" && req.method !== "HEAD" && !refused) this.clear();
      done();
    };
    app.addHook("onRoute", (route) => {
      if (!readsOnly(route) && !route.config?.keepsSharedAnswers) addRouteHook(route, "onResponse", clearUnlessRefused);
    });
  }
}

/**
 * An answer serialized once, with its compressed forms made on first demand: a cached answer costs
 * no JSON and no compression per request.
 */
export class SerializedAnswer {
  readonly #encoded: Partial<Record<Encoding, Buffer>>;

  constructor(value: unknown) {
    this.#encoded = { identity: Buffer.from(JSON.stringify(value)) };
  }

  send(req: FastifyRequest, reply: FastifyReply): FastifyReply {
    const plain = this.#encoded.identity as Buffer;
    const encoding = encodingFor(req, plain.length);
    reply.header("content-type", JSON_TYPE);
    if (encoding === "identity") return reply.send(plain);
    this.#encoded[encoding] ??= compress(plain, encoding);
    return sendEncoded(reply, encoding, this.#encoded[encoding]);
  }
}

/**
 * A JSON text made for this request alone, compressed as @fastify/compress would (from 1 kB, as the
 * client accepts) but on a route without its hooks: most such answers (a goods' details) are
 * smaller, and pay nothing for compression.
 */
export function sendJsonText(req: FastifyRequest, reply: FastifyReply, text: string): FastifyReply {
  reply.header("content-type", JSON_TYPE);
  const encoding = encodingFor(req, Buffer.byteLength(text));
  return encoding === "identity"
    ? reply.send(text)
    : sendEncoded(reply, encoding, compress(Buffer.from(text), encoding));
}

const encodingFor = (req: FastifyRequest, length: number): Encoding =>
  length < COMPRESS_FROM_BYTES ? "identity" : preferredEncoding(req.headers["accept-encoding"]);

const compress = (plain: Buffer, encoding: "br" | "gzip") =>
  encoding === "br" ? zlib.brotliCompressSync(plain, BROTLI) : zlib.gzipSync(plain);

// @fastify/compress leaves an answer that has its Content-Encoding already.
const sendEncoded = (reply: FastifyReply, encoding: Encoding, body: Buffer) =>
  reply.header("vary", "accept-encoding").header("content-encoding", encoding).send(body);

/** The quality @fastify/compress uses: fast enough per request, and this is made once. */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

const chosenEncodings = new Map<string, Encoding>();

/** br, else gzip, else identity, as the client's Accept-Encoding allows (a q of 0 refuses). */
function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  let chosen = chosenEncodings.get(header);
  if (chosen === undefined) {
    chosen = negotiate(header);
    if (chosenEncodings.size < ENTRIES_MAX) chosenEncodings.set(header, chosen);
  }
  return chosen;
}

function negotiate(header: string): Encoding {
  const quality = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    quality.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const of = (name: Encoding) => quality.get(name) ?? quality.get("*") ?? 0;
  const br = of("br");
  const gzip = of("gzip");
  if (br > 0 && br >= gzip) return "br";
  return gzip > 0 ? "gzip" : "identity";
}
