import { type ChildProcess, spawn } from "node:child_process";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext } from "playwright-core";
import { freePort } from "../server/src/test-support/ports.js";
import type { RunningServer } from "./server.js";

const PRISM = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../node_modules/.bin/prism");

/** What Prism said of a call: its request or answer differs from what the document says. */
export interface PrismViolation {
  location: string[];
  severity: string;
  code: string | number;
  message: string;
}

/** A call the page made through Prism, and what Prism found wrong with it. */
export interface ProxiedCall {
  call: string;
  status: number;
  violations: PrismViolation[];
}

/**
 * Prism's validating proxy (`prism proxy`) in front of the server, with the document the server
 * serves: it passes each call on and answers what the server answered, adding `sl-violations`
 * where the request or the answer is not as the document says.
 */
async function startPrism(server: RunningServer): Promise<{ url: string; process: ChildProcess; dir: string }> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "xianzhi-prism-"));
  const file = path.join(dir, "openapi.json");
  await fsp.writeFile(file, await (await fetch(`${server.url}/api/openapi.json`)).text());
  const port = await freePort();
  const prism = spawn(PRISM, ["proxy", file, server.url, "--host", "127.0.0.1", "--port", String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start in 60 s:\n${output}`)), 60_000);
    prism.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Prism is listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
    prism.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    prism.on("exit", (code) => reject(new Error(`Prism stopped (${code}):\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, process: prism, dir };
}

/**
 * Every /api call of the context's pages goes through Prism; what it says of each is kept. A call
 * Prism does not pass on is kept as such, unless it came as the file ended (`closing`: the pages
 * still poll while Prism stops), when it is only dropped.
 */
async function routeThroughPrism(
  context: BrowserContext,
  server: RunningServer,
  prism: { url: string; closing: boolean },
  calls: ProxiedCall[],
) {
  await context.route(`${server.url}/api/**`, async (route) => {
    const request = route.request();
    const call = `${request.method()} ${new URL(request.url()).pathname}`;
    try {
      const response = await route.fetch({ url: request.url().replace(server.url, prism.url) });
      const said = response.headers()["sl-violations"];
      calls.push({ call, status: response.status(), violations: said ? (JSON.parse(said) as PrismViolation[]) : [] });
      await route.fulfill({ response });
    } catch (error) {
      if (!prism.closing) {
        const message = `not passed on: ${(error as Error).message}`;
        calls.push({ call, status: 0, violations: [{ location: ["request"], severity: "Error", code: 0, message }] });
      }
      await route.abort().catch(() => undefined);
    }
  });
}

/**
 * A test file's browser journeys through Prism's validating proxy: every context the browser opens
 * sends its API calls through it (a page's own route, holding a call, still comes first). Answers
 * the calls made, and what Prism found wrong, for the file to assert none.
 */
export function throughPrism(
  beforeAll: (fn: () => Promise<void>) => void,
  afterAll: (fn: () => Promise<void>) => void,
  running: { server: RunningServer; browser: Browser },
): ProxiedCall[] {
  const calls: ProxiedCall[] = [];
  let prism: (Awaited<ReturnType<typeof startPrism>> & { closing: boolean }) | undefined;
  beforeAll(async () => {
    const started = { ...(await startPrism(running.server)), closing: false };
    prism = started;
    const { browser, server } = running;
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (...options) => {
      const context = await newContext(...options);
      await routeThroughPrism(context, server, started, calls);
      return context;
    };
  });
  afterAll(async () => {
    if (prism) prism.closing = true;
    prism?.process.kill();
    if (prism) await fsp.rm(prism.dir, { recursive: true, force: true });
  });
  return calls;
}
