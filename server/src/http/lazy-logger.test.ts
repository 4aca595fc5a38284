import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { lazyChildLogger } from "./lazy-logger.js";

describe("the request logger made on its first line", () => {
  it("writes what the level allows, bound to the request id, and nothing else", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({
      logger: { level: "warn", stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
      childLoggerFactory: lazyChildLogger,
    });
    app.get("/", async (req) => {
      req.log.info("below the level");
      req.log.warn({ detail: 1 }, "a warning");
      req.log.error(new Error("a failure"));
      return req.log.level;
    });
    const reply = await app.inject("/");
    await app.close();
    expect(reply.body).toBe("warn");
    expect(lines).toMatchObject([
      { level: 40, reqId: "req-1", detail: 1, msg: "a warning" },
      { level: 50, reqId: "req-1", err: { message: "a failure" }, msg: "a failure" },
    ]);
    expect(lines).toHaveLength(2);
  });
});
