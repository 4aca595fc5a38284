import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("configuration", () => {
  it("has working defaults: port 3000, embedded SQLite, outbox mail, demo data", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      databaseUrl: null,
      redisUrl: null,
      smtp: null,
      demoData: true,
      databaseLimits: { poolMax: 20, connectTimeoutMs: 5000, statementTimeoutMs: 15000, idleTimeoutMs: 30000 },
      shutdownTimeoutMs: 10000,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it("reads every setting from the environment", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATABASE_URL: "postgres://u@db/xianzhi",
      REDIS_URL: "redis://cache:6379",
      SMTP_HOST: "smtp.example.com",
      SMTP_PORT: "465",
      SMTP_SECURE: "true",
      SMTP_USER: "mailer",
      SMTP_PASS: "pw",
      DEMO_DATA: "false",
      DATABASE_POOL_MAX: "40",
      DATABASE_CONNECT_TIMEOUT_MS: "2000",
      DATABASE_STATEMENT_TIMEOUT_MS: "30000",
      DATABASE_IDLE_TIMEOUT_MS: "60000",
      SHUTDOWN_TIMEOUT_MS: "3000",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      databaseUrl: "postgres://u@db/xianzhi",
      redisUrl: "redis://cache:6379",
      smtp: { host: "smtp.example.com", port: 465, secure: true, user: "mailer", pass: "pw" },
      demoData: false,
      databaseLimits: { poolMax: 40, connectTimeoutMs: 2000, statementTimeoutMs: 30000, idleTimeoutMs: 60000 },
      shutdownTimeoutMs: 3000,
    });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" })).toMatchObject({ databaseUrl: null, port: 3000 });
  });

  it.each([
    [{ PORT: "abc" }, /PORT="abc"/],
    [{ PORT: "70000" }, /PORT="70000"/],
    [{ PORT: "-1" }, /PORT="-1"/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL="mysql:\/\/x": must start with postgres:\/\/ or postgresql:\/\//],
    [{ REDIS_URL: "localhost:6379" }, /REDIS_URL/],
    [{ SMTP_SECURE: "maybe" }, /SMTP_SECURE="maybe": must be true or false/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL/],
    [{ DATABASE_POOL_MAX: "0" }, /DATABASE_POOL_MAX="0"/],
    [{ DATABASE_CONNECT_TIMEOUT_MS: "5s" }, /DATABASE_CONNECT_TIMEOUT_MS="5s": must be a number/],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: "1.5" }, /DATABASE_STATEMENT_TIMEOUT_MS/],
    [{ DATABASE_IDLE_TIMEOUT_MS: "-1" }, /DATABASE_IDLE_TIMEOUT_MS/],
    [{ SHUTDOWN_TIMEOUT_MS: "forever" }, /SHUTDOWN_TIMEOUT_MS/],
    [{ PAYMENT_PROVIDER: "paypal" }, /PAYMENT_PROVIDER="paypal"/],
    [{ PAYMENT_PROVIDER: "alipay" }, /ALIPAY_APP_ID: must be set with PAYMENT_PROVIDER=alipay/],
    [
      { PAYMENT_PROVIDER: "alipay", ALIPAY_APP_ID: "2021000000000000", ALIPAY_PRIVATE_KEY: "key" },
      /ALIPAY_PUBLIC_KEY: must be set with PAYMENT_PROVIDER=alipay\n {2}PUBLIC_ORIGIN: must be set/,
    ],
    [{ PUBLIC_ORIGIN: "http://192.168.1.5:3000" }, /PUBLIC_ORIGIN: must be a host name, not an IP address/],
    [{ PUBLIC_ORIGIN: "http://xianzhi.example" }, /PUBLIC_ORIGIN: must be https \(or http:\/\/localhost\)/],
  ])("stops with a message naming a bad value: %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe("passkeys' relying party", () => {
  it("is PUBLIC_ORIGIN's host, answered from that origin alone", () => {
    expect(loadConfig({ PUBLIC_ORIGIN: "https://xianzhi.example/" }).passkeyParty).toEqual({
      rpId: "xianzhi.example",
      origin: "https://xianzhi.example",
    });
  });

  it("is localhost on any port without PUBLIC_ORIGIN", () => {
    expect(loadConfig({}).passkeyParty).toEqual({ rpId: "localhost", origin: null });
  });
});

describe("TRUST_PROXY", () => {
  it("trusts no proxy by default", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
  });

  it("takes a number of proxies or their addresses and CIDR blocks", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,fd00::/8" }).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "fd00::/8",
    ]);
  });

  it.each([
    ["true", /TRUST_PROXY="true": true would believe any X-Forwarded-For; give the number of proxies/],
    ["10.0.0.0/33", /TRUST_PROXY="10.0.0.0\/33": must be false, a number of proxies/],
    ["proxy.local", /TRUST_PROXY="proxy.local"/],
    ["1.5", /TRUST_PROXY="1.5"/],
  ])("refuses %s", (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
  });
});

describe("RATE_LIMIT_MULTIPLIER", () => {
  it("is 1 unless raised, and a whole number of at least 1", () => {
    expect(loadConfig({}).rateLimitMultiplier).toBe(1);
    expect(loadConfig({ RATE_LIMIT_MULTIPLIER: "100" }).rateLimitMultiplier).toBe(100);
    expect(() => loadConfig({ RATE_LIMIT_MULTIPLIER: "0" })).toThrow(/RATE_LIMIT_MULTIPLIER="0"/);
    expect(() => loadConfig({ RATE_LIMIT_MULTIPLIER: "off" })).toThrow(/RATE_LIMIT_MULTIPLIER="off"/);
  });
});

describe("S3_*", () => {
  const bucket = { S3_BUCKET: "xianzhi-pictures", S3_PUBLIC_URL: "https://pictures.example.com" };

  it("keeps pictures on disk unless S3_BUCKET is set", () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" }).s3).toBeNull();
  });

  it("reads the bucket, the endpoint, the region, the keys and the public address", () => {
    const config = loadConfig({
      ...bucket,
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "cn-east-1",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(config.s3).toEqual({
      bucket: "xianzhi-pictures",
      endpoint: "http://127.0.0.1:9000",
      region: "cn-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      publicUrl: "https://pictures.example.com",
      forcePathStyle: true,
    });
    expect(loadConfig(bucket).s3).toMatchObject({ endpoint: null, region: "us-east-1", forcePathStyle: false });
  });

  it("refuses a bucket without its public address, half a key pair and a bad address, naming them", () => {
    expect(() => loadConfig({ S3_BUCKET: "b" }, { S3_BUCKET: ".env" })).toThrow(
      /S3_PUBLIC_URL: must be set with S3_BUCKET/,
    );
    expect(() => loadConfig({ ...bucket, S3_ACCESS_KEY_ID: "key" })).toThrow(
      /S3_SECRET_ACCESS_KEY: must be set with S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ ...bucket, S3_PUBLIC_URL: "pictures.example.com" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...bucket, S3_ENDPOINT: "ftp://store" })).toThrow(/S3_ENDPOINT="ftp:\/\/store"/);
  });
});
