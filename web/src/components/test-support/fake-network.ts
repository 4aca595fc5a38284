import { afterEach, beforeEach, vi } from "vitest";

/**
 * The network of a web test that runs a real store over the real API layer: every call waits until
 * the test answers it, so the state in between can be looked at. Call it at the top of a test file;
 * it fakes fetch (and a signed-in user's token) before each test and puts them back after.
 */

/** A browser resolves the app's relative "/api/..." addresses against the page; so does this. */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === "string" ? new URL(input, "http://xianzhi.test") : input, init);
  }
}

export interface PendingCall {
  request: Request;
  answer(body: unknown, status?: number): void;
}

/** A call as "GET /api/orders/5": its method and path. */
export const pathOf = (call: PendingCall) => `${call.request.method} ${new URL(call.request.url).pathname}`;

/** The server's envelope of a success. */
export const envelope = (data: unknown) => ({ code: 200, msg: "成功", data });

export function fakeNetwork() {
  const pending: PendingCall[] = [];
  beforeEach(() => {
    pending.length = 0;
    vi.stubGlobal("localStorage", { getItem: () => "token-of-a-signed-in-user" });
    vi.stubGlobal("Request", PageRequest);
    vi.stubGlobal(
      "fetch",
      (request: Request) =>
        new Promise<Response>((resolve) => {
          const answer = (body: unknown, status = 200) =>
            resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
          pending.push({ request, answer });
        }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  /** Whether the call goes to `path`: "GET /api/orders/5", or any method when only the path is given. */
  const goesTo = (call: PendingCall, path: string) =>
    path.startsWith("/") ? new URL(call.request.url).pathname === path : pathOf(call) === path;

  /** The call to `path`, one made already or about to be, taken off the list. */
  async function nextCall(path: string): Promise<PendingCall> {
    await vi.waitFor(() => {
      if (!pending.some((call) => goesTo(call, path))) throw new Error(`no call to ${path}`);
    });
    const [call] = pending.splice(
      pending.findIndex((waiting) => goesTo(waiting, path)),
      1,
    );
    return call as PendingCall;
  }

  /** Answers the next call to `path` with `body` (and `status`, 200 by default); gives its request. */
  async function answerNext(path: string, body: unknown, status?: number): Promise<Request> {
    const call = await nextCall(path);
    call.answer(body, status);
    return call.request;
  }

  return {
    /** The calls made and not answered yet, oldest first. */
    pending,
    nextCall,
    answerNext,
  };
}
