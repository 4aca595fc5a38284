import { ChatLimits } from "@xianzhi/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeclaredRoute } from "../plugins/declared-routes.js";
import { type RegisteredUser, registerUser } from "../test-support/accounts.js";
import { badAuthorization, badBody, badFrame, badPathId, badQuery, type RawBody } from "../test-support/fuzz-inputs.js";
import { postGoods } from "../test-support/goods.js";
import { countRows, createTestAppWithRoutes, pathWith } from "../test-support/route-table.js";
import { listen, openSocket } from "../test-support/sockets.js";
import { call } from "../test-support/test-app.js";

/**
 * Every registered /api route, fed generated bad requests: no 5xx, every answer the envelope, no
 * row written. The route list comes from the app, so a route added tomorrow is fuzzed tomorrow.
 * FUZZ_SEED and FUZZ_RUNS replay or deepen a run; fast-check prints the seed of a failure.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_261_123);
const numRuns = Number(process.env.FUZZ_RUNS ?? 30);

/** Tables a route may change even when it refuses the request, and why. */
const EXPECTED_WRITES: Record<string, string[]> = {
  // Every call makes a captcha: that is the route's purpose.
  "GET /api/com/captcha": ["captchas"],
  // A well-formed wrong sign-in is counted against the address and the account.
  "POST /api/user/login/username": ["login_failures"],
  "POST /api/user/login/email": ["login_failures"],
  // Every call hands out a passkey prompt's one-use challenge: that is the route's purpose.
  "POST /api/user/login/passkey/options": ["webauthn_challenges"],
  "POST /api/user/proof/passkey-options": ["webauthn_challenges"],
  // Signing out ends the session that asked.
  "POST /api/user/logout": ["sessions"],
};

const t = await createTestAppWithRoutes();
let user: RegisteredUser;
let token: string;
let fuzzed = 0;

beforeAll(async () => {
  user = await registerUser(t.app, t.dataDir);
  token = user.token;
  // Some rows for the routes to (not) find.
  await postGoods(t.app, token);
});
afterAll(async () => {
  console.info(
    `fuzz: ${fuzzed} requests and frames over ${t.routes.length} routes (seed ${seed}, ${numRuns} runs per route and mode)`,
  );
  await t.close();
});

interface BadRequest {
  pathId: string;
  query: string;
  body: RawBody;
  authorization?: string;
}

async function send(route: DeclaredRoute, request: BadRequest) {
  const url = `${pathWith(route.url, () => request.pathId)}${request.query}`;
  const headers: Record<string, string> = {};
  if (request.body.contentType !== undefined) headers["content-type"] = request.body.contentType;
  if (request.authorization !== undefined) headers.authorization = request.authorization;
  fuzzed += 1;
  const response = await t.app.inject({
    method: route.method as "GET",
    url,
    headers,
    ...(request.body.payload !== undefined && { payload: request.body.payload }),
  });
  return { url, status: response.statusCode, body: response.body };
}

function assertEnvelope(answer: { url: string; status: number; body: string }): void {
  const where = `${answer.status} for ${answer.url.slice(0, 200)}: ${answer.body.slice(0, 300)}`;
  expect(answer.status, where).toBeLessThan(500);
  let envelope: unknown;
  try {
    envelope = JSON.parse(answer.body);
  } catch {
    throw new Error(`not JSON: ${where}`);
  }
  expect(envelope, where).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
  expect(envelope, where).toHaveProperty("data");
}

/** Fuzzes one route and checks that the database holds the same rows afterwards. */
async function fuzzRoute(route: DeclaredRoute, authorization: fc.Arbitrary<string | undefined>): Promise<void> {
  const before = await countRows(t.app.db, t.database);
  await fc.assert(
    fc.asyncProperty(fc.record({ pathId: badPathId, query: badQuery, body: badBody, authorization }), async (request) =>
      assertEnvelope(await send(route, request)),
    ),
    { seed, numRuns, endOnFailure: true },
  );
  const after = await countRows(t.app.db, t.database);
  for (const table of EXPECTED_WRITES[route.key] ?? []) {
    delete before[table];
    delete after[table];
  }
  expect(after, `rows changed by ${route.key}`).toEqual(before);
}

/** The user's token, signed in again if a route (signing out) ended it. */
async function liveToken(): Promise<string> {
  if ((await call(t.app, "GET", "/api/user/getinfo", { token })).status === 200) return token;
  const login = await call(t.app, "POST", "/api/user/login/username", {
    body: { username: user.username, password: user.password },
  });
  token = login.data.token;
  return token;
}

/** One socket's worth of bad frames: fewer than its burst, so the flood limit never answers instead. */
async function fuzzSocket(base: string, round: number): Promise<void> {
  const socket = await openSocket(base, await liveToken());
  await fc.assert(
    fc.asyncProperty(badFrame, async (frame) => {
      fuzzed += 1;
      socket.send(frame);
      const answer = await socket.next(() => true);
      if (answer.type === "pong") return;
      expect(answer, `for ${frame.slice(0, 200)}`).toMatchObject({ type: "error", msg: expect.any(String) });
      expect((answer as { code: number }).code, `for ${frame.slice(0, 200)}`).toBeLessThan(500);
    }),
    { seed: seed + round, numRuns: ChatLimits.frameBurst - 2, endOnFailure: true },
  );
  expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  await socket.close();
}

describe("fuzzing the chat socket", () => {
  it("answers every bad frame with an error frame below 500, stays open and writes nothing", async () => {
    const base = await listen(t.app);
    const before = await countRows(t.app.db, t.database);
    for (let round = 0; round < 3; round += 1) await fuzzSocket(base, round);
    expect(await countRows(t.app.db, t.database)).toEqual(before);
  });
});

describe("fuzzing every /api route", () => {
  it("found the routes", () => {
    expect(t.routes.length).toBeGreaterThan(30);
  });

  it.each(t.routes.map((route) => [route.key, route] as const))(
    "%s, anonymous or with a bad token",
    async (_, route) => {
      await fuzzRoute(route, badAuthorization);
    },
  );

  it.each(t.routes.map((route) => [route.key, route] as const))("%s, signed in", async (_, route) => {
    const bearer = `Bearer ${await liveToken()}`;
    await fuzzRoute(route, fc.constant(bearer));
  });
});
