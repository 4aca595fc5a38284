import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../test-support/accounts.js";
import { listen, openSocket } from "../test-support/sockets.js";
import { createTestApp, type TestApp, testDatabase } from "../test-support/test-app.js";

const TOKEN = "metrics-token-0123456789";

/** The value of one series in Prometheus's text format, e.g. `name{label="x"} 3`. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split("\n").find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("/metrics", () => {
  let t: TestApp;
  const scrape = (authorization?: string) =>
    t.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it("is closed without the token", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${TOKEN}`, TOKEN]) {
      const reply = await scrape(authorization);
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toMatchObject({ code: 401, data: null });
    }
  });

  it("counts and times requests by route pattern, not by URL", async () => {
    for (const id of ["1", "2", "3"]) await t.app.inject({ method: "GET", url: `/api/goods/info/${id}` });
    await t.app.inject({ method: "GET", url: "/api/no/such/route" });
    const reply = await scrape(`Bearer ${TOKEN}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toContain("text/plain");
    const status = (await t.app.inject({ method: "GET", url: "/api/goods/info/1" })).statusCode;
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    const infoSeries = `http_request_duration_seconds_count{method="GET",route="/api/goods/info/:id",status_code="${status}"}`;
    expect(seriesValue(text, infoSeries)).toBe(4);
    expect(text).not.toContain("/api/goods/info/1");
    expect(
      seriesValue(text, `http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}`),
    ).toBe(1);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/goods\/info\/:id"/m,
    );
  });

  it("shows the event-loop lag, the database and the open chat sockets", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const socket = await openSocket(await listen(t.app), user.token);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    await socket.close();
    expect(seriesValue(text, "websocket_connections_open")).toBe(1);
    expect(seriesValue(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    if (testDatabase() === "sqlite") {
      expect(seriesValue(text, "sqlite_database_bytes")).toBeGreaterThan(0);
      expect(seriesValue(text, "sqlite_wal_bytes")).toBeGreaterThanOrEqual(0);
    } else {
      expect(seriesValue(text, "db_pool_connections_total")).toBeGreaterThanOrEqual(1);
      expect(seriesValue(text, "db_pool_connections_idle")).toBeGreaterThanOrEqual(0);
      expect(seriesValue(text, "db_pool_requests_waiting")).toBe(0);
    }
  });
});

describe("/metrics without METRICS_TOKEN", () => {
  it("is not there: a 404", async () => {
    const t = await createTestApp();
    try {
      const reply = await t.app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(reply.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
