import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../http/api-route.js";
import { registerUser } from "../test-support/accounts.js";
import { listen, openSocket } from "../test-support/sockets.js";
import { call, createTestApp, type TestApp } from "../test-support/test-app.js";
import { loggableUrl } from "./request-log.js";

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };

describe("the request log", () => {
  let t: TestApp;
  const lines: LogLine[] = [];
  const linesOf = (reqId: string | undefined) => lines.filter((line) => line.reqId === reqId);

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: { write: (line) => lines.push(JSON.parse(line)) } });
    // A route that fails as a bug would, to see the error line beside its request's line.
    t.app.get("/api/test/broken", apiRoutes("test").pub({ summary: "Fails", answer: null }), async () => {
      throw new Error("a bug");
    });
  });
  afterAll(() => t.close());

  it("writes one line per request, at the answer, with the signed-in user", async () => {
    const user = await registerUser(t.app, t.dataDir);
    lines.length = 0;
    const reply = await t.app.inject({
      method: "GET",
      url: "/api/goods/getmylist?page=1",
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(reply.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: "request completed",
      method: "GET",
      url: "/api/goods/getmylist?page=1",
      statusCode: 200,
      userId: Number(user.id),
    });
    expect(lines[0]?.reqId).toEqual(expect.any(String));
    expect(lines[0]?.durationMs).toEqual(expect.any(Number));
  });

  it("has no user for an anonymous request and hides tokens in the URL", async () => {
    lines.length = 0;
    await t.app.inject({ method: "GET", url: "/api/chat/socket?token=s3cret&x=1" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toHaveProperty("userId");
    expect(lines[0]?.url).toBe("/api/chat/socket?token=[hidden]&x=1");
    expect(JSON.stringify(lines)).not.toContain("s3cret");
  });

  it("logs a failure under the same request id as the request's line", async () => {
    lines.length = 0;
    const reply = await call(t.app, "GET", "/api/test/broken");
    expect(reply.status).toBe(500);
    const [failure, request] = lines;
    expect(lines).toHaveLength(2);
    expect(failure).toMatchObject({ level: 50, msg: "request failed", err: { message: "a bug" } });
    expect(request).toMatchObject({ msg: "request completed", statusCode: 500, url: "/api/test/broken" });
    expect(linesOf(request?.reqId)).toHaveLength(2);
  });

  it("writes one line for a URL no route serves", async () => {
    lines.length = 0;
    const reply = await call(t.app, "GET", "/api/no/such/route");
    expect(reply.status).toBe(404);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "request completed", statusCode: 404, url: "/api/no/such/route" });
  });

  it("writes one line for a chat socket, as it is upgraded, without its token", async () => {
    const user = await registerUser(t.app, t.dataDir);
    lines.length = 0;
    const socket = await openSocket(await listen(t.app), user.token);
    await socket.close();
    const socketLines = lines.filter((line) => String(line.url).startsWith("/api/ws"));
    expect(socketLines).toHaveLength(1);
    expect(socketLines[0]).toMatchObject({ msg: "socket upgrade", method: "GET", url: "/api/ws?token=[hidden]" });
    expect(JSON.stringify(lines)).not.toContain(user.token);
  });

  it("hides every secret query parameter, wherever it stands", () => {
    expect(loggableUrl("/a?access_token=1&token=2#x")).toBe("/a?access_token=[hidden]&token=[hidden]#x");
    expect(loggableUrl("/a?tokens=1")).toBe("/a?tokens=1");
  });
});
