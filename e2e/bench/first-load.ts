/** What the home's first load costs: every request the first screen makes, fetched again as sent with brotli. */
import http from "node:http";
import { brotliDecompressSync } from "node:zlib";
import type { Browser, Request } from "playwright-core";
import { VIEWPORTS } from "../browser.js";

export interface LoadedResource {
  url: string;
  /** The browser's resource type: document, script, stylesheet, font, image, fetch. */
  type: string;
  /** Status line, headers and body as they crossed the wire with `accept-encoding: br`. */
  transferredBytes: number;
  /** The body after decompression. */
  bodyBytes: number;
}

/** The type of what the service worker fetched (its script, then what it precaches), counted apart. */
export const WORKER_TYPE = "service worker";

/**
 * Opens the page at phone size and records the requests it makes until the network is idle,
 * without scrolling: what the first screen asks for. Then, apart (type WORKER_TYPE), what the app's
 * service worker fetches once it is registered after the first screen: its script and the precache.
 * Chromium offers brotli only over HTTPS, so each recorded request is fetched again with
 * `accept-encoding: br` to count what a visitor over HTTPS is sent.
 */
export async function measureFirstLoad(browser: Browser, url: string): Promise<LoadedResource[]> {
  const context = await browser.newContext({
    viewport: VIEWPORTS.phone,
    deviceScaleFactor: 2,
    serviceWorkers: "allow",
  });
  const page = await context.newPage();
  const requested: { url: string; type: string }[] = [];
  const byPage = new Set<Request>();
  page.on("request", (request) => {
    if (!request.url().startsWith("http")) return;
    byPage.add(request);
    // The worker's script is asked for by the page's registration, but it is the worker's cost.
    const type = new URL(request.url()).pathname === "/sw.js" ? WORKER_TYPE : request.resourceType();
    requested.push({ url: request.url(), type });
  });
  context.on("request", (request) => {
    if (byPage.has(request) || !request.url().startsWith("http")) return;
    if (request.serviceWorker() || new URL(request.url()).pathname === "/sw.js") {
      requested.push({ url: request.url(), type: WORKER_TYPE });
    }
  });
  await page.goto(url, { waitUntil: "networkidle" });
  // The worker installs once the first screen is up: until it is active, with all it precaches.
  await page.evaluate(() =>
    Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 20_000))]),
  );
  await page.waitForLoadState("networkidle");
  await context.close();
  return Promise.all(requested.map(async (request) => ({ ...request, ...(await fetchAsSent(request.url)) })));
}

function fetchAsSent(url: string): Promise<{ transferredBytes: number; bodyBytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": "br" } }, (response) => {
      const head = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`;
      let headerBytes = Buffer.byteLength(head) + 2;
      for (let i = 0; i < response.rawHeaders.length; i += 2) {
        headerBytes += Buffer.byteLength(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`);
      }
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        const decoded = response.headers["content-encoding"] === "br" ? brotliDecompressSync(body) : body;
        resolve({ transferredBytes: headerBytes + body.length, bodyBytes: decoded.length });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}
