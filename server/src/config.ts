import { isIP } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { OrderTimerDefaults, type OrderTimers, RefundTimerDefaults, type RefundTimers } from "@xianzhi/contract";
import { z } from "zod";
import { type DatabaseLimits, DEFAULT_DATABASE_LIMITS } from "./db/postgres-pool.js";

/** The repository (or, in the image, the app folder): default data and web folders, and the .env files. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const port = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform(Number)
    .pipe(z.number({ error: "must be a number" }).int().min(0).max(65535));

const count = (fallback: number, min: number, max: number) =>
  z
    .string()
    .default(String(fallback))
    .transform(Number)
    .pipe(z.number({ error: "must be a number" }).int().min(min).max(max));

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || protocols.some((protocol) => value.startsWith(`${protocol}://`)),
      `must start with ${protocols.map((protocol) => `${protocol}://`).join(" or ")}`,
    );

/** An address or a CIDR block such as 10.0.0.0/8 or fd00::/8. */
function isAddressOrBlock(value: string): boolean {
  const [address = "", bits, ...rest] = value.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const width = Number(bits);
  return /^\d+$/.test(bits) && width <= (family === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For entries to believe. `true` (believe them all) is refused: anyone could then
 * pick their own address and slip every per-address limit, and whether it should mean one proxy
 * or two only the operator knows.
 */
const trustProxy = z
  .string()
  .default("false")
  .transform((value, ctx): false | number | string[] => {
    const trimmed = value.trim();
    if (trimmed === "false" || trimmed === "0") return false;
    if (/^\d+$/.test(trimmed)) return Number(trimmed);
    const proxies = trimmed.split(",").map((entry) => entry.trim());
    if (proxies.every(isAddressOrBlock)) return proxies;
    ctx.addIssue({
      code: "custom",
      message:
        trimmed === "true"
          ? "true would believe any X-Forwarded-For; give the number of proxies in front (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)"
          : "must be false, a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or CIDR blocks",
    });
    return z.NEVER;
  });

/**
 * The push services browsers subscribe at (Chrome, Edge's, Firefox's, Safari's): a subscription's
 * endpoint is a URL the server will POST to, so only these hosts (and their subdomains) are taken.
 */
const DEFAULT_PUSH_SERVICES = [
  "fcm.googleapis.com",
  "push.services.mozilla.com",
  "push.apple.com",
  "notify.windows.com",
];

const EnvSchema = z.object({
  PORT: port("3000"),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, "data")),
  WEB_DIST: z
    .string()
    .min(1)
    .default(path.join(repoRoot, "web", "dist")),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
  DATABASE_POOL_MAX: count(DEFAULT_DATABASE_LIMITS.poolMax, 1, 1000),
  DATABASE_CONNECT_TIMEOUT_MS: count(DEFAULT_DATABASE_LIMITS.connectTimeoutMs, 100, 600_000),
  DATABASE_STATEMENT_TIMEOUT_MS: count(DEFAULT_DATABASE_LIMITS.statementTimeoutMs, 100, 3_600_000),
  DATABASE_IDLE_TIMEOUT_MS: count(DEFAULT_DATABASE_LIMITS.idleTimeoutMs, 100, 3_600_000),
  SQLITE_READERS: count(DEFAULT_DATABASE_LIMITS.sqliteReaders, 0, 64),
  SHUTDOWN_TIMEOUT_MS: count(10_000, 0, 600_000),
  REDIS_URL: optionalUrl(["redis", "rediss"]),
  REDIS_CHANNEL: z.string().min(1).default("xianzhi:chat"),
  CHAT_HEARTBEAT_SECONDS: z
    .string()
    .default("30")
    .transform(Number)
    .pipe(z.number({ error: "must be a number" }).int().min(1).max(3600)),
  UPLOAD_GRACE_SECONDS: z
    .string()
    .default("3600")
    .transform(Number)
    .pipe(z.number({ error: "must be a number" }).int().min(0).max(604_800)),
  RESPONSE_CACHE_MS: z
    .string()
    .default("1000")
    .transform(Number)
    .pipe(z.number({ error: "must be a number" }).int().min(0).max(60_000)),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: port("587"),
  SMTP_SECURE: flag.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  MAIL_FROM: z.string().min(3).default("闲置 Xianzhi <no-reply@xianzhi.local>"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DEMO_DATA: flag.default(true),
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_MULTIPLIER: z
    .string()
    .default("1")
    .transform(Number)
    .pipe(z.number({ error: "must be a number" }).int().min(1).max(100_000)),
  RATE_LIMIT_PREFIX: z.string().min(1).default("xianzhi:rate:"),
  WORKERS: count(os.availableParallelism(), 1, 1024),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: optionalUrl(["http", "https"]),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: optionalUrl(["http", "https"]),
  S3_FORCE_PATH_STYLE: flag.default(false),
  PUBLIC_ORIGIN: optionalUrl(["http", "https"]),
  GEOIP_DB: z.string().min(1).optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{87}$/,
      "must be a P-256 public key, base64url (87 characters): npx web-push generate-vapid-keys",
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key, base64url (43 characters)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https:// URL")
    .optional(),
  PUSH_SERVICES: z
    .string()
    .default(DEFAULT_PUSH_SERVICES.join(","))
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    ),
  PAYMENT_PROVIDER: z.enum(["sandbox", "alipay"]).default("sandbox"),
  SANDBOX_WEBHOOK_SECRET: z
    .string()
    .min(16, "must be at least 16 characters")
    .default("xianzhi-sandbox-webhook-secret"),
  SANDBOX_WEBHOOK_DELAY_MS: count(500, 0, 60_000),
  SANDBOX_WEBHOOK_LEASE_SECONDS: count(60, 1, 3600),
  ALIPAY_APP_ID: z.string().min(1).optional(),
  ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  ALIPAY_GATEWAY: optionalUrl(["https", "http"]),
  BUYER_FEE_BASIS_POINTS: count(0, 0, 2000),
  ORDER_PAYMENT_MINUTES: count(OrderTimerDefaults.paymentMinutes, 1, 24 * 60),
  ORDER_SHIP_HOURS: count(OrderTimerDefaults.shipHours, 1, 24 * 30),
  ORDER_SHIP_REMINDER_HOURS: count(OrderTimerDefaults.shipReminderHours, 1, 24 * 30),
  ORDER_CANCEL_REQUEST_HOURS: count(OrderTimerDefaults.cancelRequestHours, 1, 24 * 30),
  ORDER_RECEIVE_DAYS: count(OrderTimerDefaults.receiveDays, 1, 60),
  ORDER_MEETUP_RECEIVE_DAYS: count(OrderTimerDefaults.meetupReceiveDays, 1, 60),
  ORDER_EXTEND_DAYS: count(OrderTimerDefaults.extendDays, 1, 30),
  ORDER_RECEIVE_REMINDER_DAYS: count(OrderTimerDefaults.receiveReminderDays, 1, 30),
  REFUND_ANSWER_HOURS: count(RefundTimerDefaults.answerHours, 1, 24 * 30),
  REFUND_RETURN_DAYS: count(RefundTimerDefaults.returnDays, 1, 30),
  REFUND_RECEIVE_RETURN_DAYS: count(RefundTimerDefaults.receiveReturnDays, 1, 60),
  REFUND_AGREEMENT_DAYS: count(RefundTimerDefaults.agreementDays, 1, 60),
  REFUND_DISPUTE_ALERT_HOURS: count(RefundTimerDefaults.disputeAlertHours, 1, 24 * 30),
});

/** An S3-compatible bucket for the pictures, instead of DATA_DIR/uploads. */
export interface S3Config {
  bucket: string;
  /** null: AWS S3 itself, found from the region. */
  endpoint: string | null;
  region: string;
  /** Unset: the AWS SDK's own lookup (AWS_* variables, ~/.aws, an instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where browsers load the objects from: the bucket's public address or a CDN in front. */
  publicUrl: string;
  /** https://endpoint/bucket/key rather than https://bucket.endpoint/key (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

/** Alipay's keys (PAYMENT_PROVIDER=alipay): the app's private key and Alipay's public key, PEM or bare base64. */
export interface AlipayConfig {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  /** null: Alipay's production gateway. */
  gateway: string | null;
}

/** Web Push (推送通知). */
export interface WebPushConfig {
  /** The VAPID key pair, base64url; null: generated once into DATA_DIR/vapid-keys.json. */
  keys: { publicKey: string; privateKey: string } | null;
  /** Whom the push services may contact about the pushes: a mailto: address or an https:// URL. */
  subject: string;
  /**
   * Where subscriptions may point: hosts (https, subdomains too) or whole origins
   * (http://localhost:8090, for a local push service in tests).
   */
  services: string[];
}

/** Who holds the buyers' money, and on what terms. */
export interface PaymentsConfig {
  provider: "sandbox" | "alipay";
  /** The key the sandbox provider signs its webhooks with (HMAC-SHA256). */
  sandboxWebhookSecret: string;
  /**
   * How soon after a payment the sandbox sends its webhook, as a provider's notice comes a moment
   * later; 0 leaves it to the periodic job (tests send them by hand).
   */
  sandboxWebhookDelayMs: number;
  /** How long a webhook being sent is left to its sender before another process takes it over. */
  sandboxWebhookLeaseSeconds: number;
  alipay: AlipayConfig | null;
  /** The buyer-protection fee, in hundredths of a percent of the price (100 = 1%); 0 charges none. */
  buyerFeeBasisPoints: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Folder of the built web app; null serves the API alone. */
  webDist: string | null;
  databaseUrl: string | null;
  /** PostgreSQL pool size and timeouts. */
  databaseLimits: DatabaseLimits;
  /** How long a SIGTERM waits for requests in flight before the process exits anyway. */
  shutdownTimeoutMs: number;
  redisUrl: string | null;
  /** Redis pub/sub channel the server processes share chat frames on. */
  redisChannel: string;
  /** How often sockets are pinged; one that missed the last ping is dropped. */
  chatHeartbeatSeconds: number;
  /**
   * How old a file left by an interrupted upload (a temporary file, or a picture without its row)
   * must be before the purge removes it: younger ones may belong to an upload still in flight.
   */
  uploadGraceSeconds: number;
  /**
   * How long the goods list and details are answered from memory; 0 turns the cache off. Changes
   * made through this process drop it at once, so this bounds only how late another process's
   * changes show.
   */
  responseCacheMs: number;
  smtp: { host: string; port: number; secure: boolean; user?: string; pass?: string } | null;
  mailFrom: string;
  logLevel: string;
  demoData: boolean;
  /** false, how many proxies stand in front, or the proxies' addresses and CIDR blocks. */
  trustProxy: false | number | string[];
  /** Multiplies every request limit in `RateLimits`; 1 in production, more for test suites. */
  rateLimitMultiplier: number;
  /** Start of the request counters' keys in Redis, so deployments can share one server. */
  rateLimitPrefix: string;
  /** `npm run start:cluster`: how many server processes share the port. */
  workers: number;
  /** Bearer token that opens GET /metrics; null: no metrics recorded, and /metrics is a 404. */
  metricsToken: string | null;
  /** null keeps the pictures on disk, in DATA_DIR/uploads. */
  s3: S3Config | null;
  /** The site's address as people reach it (https://xianzhi.example); the payment provider sends buyers back to it. */
  publicOrigin: string | null;
  /** A MaxMind GeoLite2/GeoIP2 City database for the coarse places of sign-ins; null: none shown. */
  geoipDb: string | null;
  /** Who passkeys are made for (WebAuthn's relying party), from PUBLIC_ORIGIN. */
  passkeyParty: PasskeyParty;
  payments: PaymentsConfig;
  webPush: WebPushConfig;
  /** Every order timer (ORDER_PROCESS), each a setting with the contract's defaults. */
  orderTimers: OrderTimers;
  /** Every refund timer (REFUND_PROCESS) and the disputes' alert, each a setting with the contract's defaults. */
  refundTimers: RefundTimers;
}

/**
 * WebAuthn's relying party: passkeys are bound to `rpId` and answered only from `origin`. Without
 * PUBLIC_ORIGIN (npm start, tests) it is localhost, on whatever port the site is opened at.
 */
export interface PasskeyParty {
  rpId: string;
  /** null: any http://localhost:<port>. */
  origin: string | null;
}

export class ConfigError extends Error {}

const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[[\da-f:.]+\])$/i;

/** PUBLIC_ORIGIN as a relying party, checked at start: browsers make passkeys for no IP address and for no plain http but localhost's. */
function passkeyPartyOf(publicOrigin: string | undefined, sources: VariableSources): PasskeyParty {
  if (!publicOrigin) return { rpId: "localhost", origin: null };
  const url = new URL(publicOrigin);
  const problem = IP_ADDRESS.test(url.hostname)
    ? "must be a host name, not an IP address: passkeys are made for a domain"
    : url.protocol !== "https:" && url.hostname !== "localhost"
      ? "must be https (or http://localhost): browsers make passkeys only for secure sites"
      : null;
  if (problem) {
    const source = sources.PUBLIC_ORIGIN ? ` (from ${sources.PUBLIC_ORIGIN})` : "";
    throw new ConfigError(`Invalid configuration:\n  PUBLIC_ORIGIN${source}: ${problem}`);
  }
  return { rpId: url.hostname, origin: url.origin };
}

/** Where each variable came from, when not from the real environment: its .env file's name. */
export type VariableSources = Readonly<Record<string, string>>;

/** The variables the server reads; the README's table and .env.example list them (config-files.test.ts). */
export const SERVER_VARIABLES = Object.keys(EnvSchema.shape);

/** `npm run dev`'s own setting: the port of the one address to open (Vite, which proxies to PORT). */
const DevEnvSchema = z.object({ DEV_PORT: port("5173") });
export const DEV_VARIABLES = Object.keys(DevEnvSchema.shape);

/** Parses the variables; a bad value stops the start with a message naming it and the file it came from. */
function parseVariables<Schema extends z.ZodType>(
  schema: Schema,
  env: NodeJS.ProcessEnv,
  sources: VariableSources,
): z.output<Schema> {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = schema.safeParse(blankAsUnset);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const source = sources[name] ? ` (from ${sources[name]})` : "";
    return `  ${name}=${JSON.stringify(env[name])}${source}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
}

export function loadDevConfig(env: NodeJS.ProcessEnv, sources: VariableSources = {}): { devPort: number } {
  return { devPort: parseVariables(DevEnvSchema, env, sources).DEV_PORT };
}

/** Reads the configuration from the environment; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, sources: VariableSources = {}): Config {
  const e = parseVariables(EnvSchema, env, sources);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    webDist: path.resolve(e.WEB_DIST),
    databaseUrl: e.DATABASE_URL ?? null,
    databaseLimits: {
      poolMax: e.DATABASE_POOL_MAX,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleTimeoutMs: e.DATABASE_IDLE_TIMEOUT_MS,
      sqliteReaders: e.SQLITE_READERS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    redisUrl: e.REDIS_URL ?? null,
    redisChannel: e.REDIS_CHANNEL,
    chatHeartbeatSeconds: e.CHAT_HEARTBEAT_SECONDS,
    uploadGraceSeconds: e.UPLOAD_GRACE_SECONDS,
    responseCacheMs: e.RESPONSE_CACHE_MS,
    smtp: e.SMTP_HOST
      ? { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE, user: e.SMTP_USER, pass: e.SMTP_PASS }
      : null,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    demoData: e.DEMO_DATA,
    trustProxy: e.TRUST_PROXY,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    rateLimitPrefix: e.RATE_LIMIT_PREFIX,
    workers: e.WORKERS,
    metricsToken: e.METRICS_TOKEN ?? null,
    s3: s3ConfigOf(e, sources),
    publicOrigin: e.PUBLIC_ORIGIN?.replace(/\/+$/, "") ?? null,
    passkeyParty: passkeyPartyOf(e.PUBLIC_ORIGIN, sources),
    geoipDb: e.GEOIP_DB ? path.resolve(e.GEOIP_DB) : null,
    payments: paymentsConfigOf(e, sources),
    webPush: webPushConfigOf(e, sources),
    orderTimers: {
      paymentMinutes: e.ORDER_PAYMENT_MINUTES,
      shipHours: e.ORDER_SHIP_HOURS,
      shipReminderHours: e.ORDER_SHIP_REMINDER_HOURS,
      cancelRequestHours: e.ORDER_CANCEL_REQUEST_HOURS,
      receiveDays: e.ORDER_RECEIVE_DAYS,
      meetupReceiveDays: e.ORDER_MEETUP_RECEIVE_DAYS,
      extendDays: e.ORDER_EXTEND_DAYS,
      receiveReminderDays: e.ORDER_RECEIVE_REMINDER_DAYS,
    },
    refundTimers: {
      answerHours: e.REFUND_ANSWER_HOURS,
      returnDays: e.REFUND_RETURN_DAYS,
      receiveReturnDays: e.REFUND_RECEIVE_RETURN_DAYS,
      agreementDays: e.REFUND_AGREEMENT_DAYS,
      disputeAlertHours: e.REFUND_DISPUTE_ALERT_HOURS,
    },
  };
}

/** The payment provider's settings: Alipay's keys are checked at start, all three or the start stops. */
function paymentsConfigOf(e: z.output<typeof EnvSchema>, sources: VariableSources): PaymentsConfig {
  const config: PaymentsConfig = {
    provider: e.PAYMENT_PROVIDER,
    sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET,
    sandboxWebhookDelayMs: e.SANDBOX_WEBHOOK_DELAY_MS,
    sandboxWebhookLeaseSeconds: e.SANDBOX_WEBHOOK_LEASE_SECONDS,
    alipay: null,
    buyerFeeBasisPoints: e.BUYER_FEE_BASIS_POINTS,
  };
  if (e.PAYMENT_PROVIDER !== "alipay") return config;
  const missing = (["ALIPAY_APP_ID", "ALIPAY_PRIVATE_KEY", "ALIPAY_PUBLIC_KEY", "PUBLIC_ORIGIN"] as const).filter(
    (name) => e[name] === undefined,
  );
  if (missing.length > 0) {
    const lines = missing.map(
      (name) => `  ${name}${sources[name] ? ` (from ${sources[name]})` : ""}: must be set with PAYMENT_PROVIDER=alipay`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  config.alipay = {
    appId: e.ALIPAY_APP_ID as string,
    privateKey: e.ALIPAY_PRIVATE_KEY as string,
    alipayPublicKey: e.ALIPAY_PUBLIC_KEY as string,
    gateway: e.ALIPAY_GATEWAY ?? null,
  };
  return config;
}

/** The VAPID keys come as a pair or not at all. */
function webPushConfigOf(e: z.output<typeof EnvSchema>, sources: VariableSources): WebPushConfig {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = e;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    const missing = publicKey === undefined ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY";
    const other = publicKey === undefined ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY";
    const source = sources[missing] ? ` (from ${sources[missing]})` : "";
    throw new ConfigError(`Invalid configuration:\n  ${missing}${source}: must be set with ${other}`);
  }
  const origin = e.PUBLIC_ORIGIN?.replace(/\/+$/, "");
  return {
    keys: publicKey && privateKey ? { publicKey, privateKey } : null,
    subject: e.VAPID_SUBJECT ?? (origin?.startsWith("https://") ? origin : "mailto:no-reply@xianzhi.local"),
    services: e.PUSH_SERVICES,
  };
}

/** The S3 variables that only make sense together. */
function s3ConfigOf(e: z.output<typeof EnvSchema>, sources: VariableSources): S3Config | null {
  const problems: string[] = [];
  const need = (name: keyof typeof e, message: string) => {
    if (e[name] !== undefined) return;
    const source = sources[name] ? ` (from ${sources[name]})` : "";
    problems.push(`  ${name}${source}: ${message}`);
  };
  if (!e.S3_BUCKET) return null;
  need("S3_PUBLIC_URL", "must be set with S3_BUCKET: the address browsers load the pictures from");
  if (e.S3_SECRET_ACCESS_KEY) need("S3_ACCESS_KEY_ID", "must be set with S3_SECRET_ACCESS_KEY");
  if (e.S3_ACCESS_KEY_ID) need("S3_SECRET_ACCESS_KEY", "must be set with S3_ACCESS_KEY_ID");
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT ?? null,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    publicUrl: e.S3_PUBLIC_URL as string,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
